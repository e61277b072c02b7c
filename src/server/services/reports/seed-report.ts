import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { UserServiceContext } from '../../context';
import { reportCharts, reportDataLocations, reports, reportSections } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { reportsNl } from '../../../shared/i18n/reports';
import type { SeedInput } from '../../../shared/validation/reports-parts';
import { loadCube } from '../analytics/load-cube';
import { buildColumnMap } from '../surveys/column-map';
import { loadStructure } from '../surveys/load-structure';
import { findReport, requireReportRole } from './access';
import { requireLinkedSurvey } from './check-column';
import { contentDeleteStatements } from './content-delete';
import { getReport } from './get-report';
import { planSeed } from './seed-plan';


/**
 * PUT report/{id}/seed { survey_id, replace? }: fills the report with one section per question
 * group of a survey of its project and one chart per question (seed-plan.ts), after the existing
 * sections or instead of them (replace). One batch: all or nothing.
 */
export async function seedReport(ctx: UserServiceContext, reportId: number, input: SeedInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const report = await findReport(ctx, reportId);
  const survey = await requireLinkedSurvey(ctx, report.projectId, input.survey_id);
  const structure = await loadStructure(ctx.db, survey.id);
  const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, survey.id);
  const plan = planSeed(structure, buildColumnMap(structure, survey.lsSid), cube, survey.baseLanguage);
  if (!plan.length) throw new AppError('VALIDATION', nl.validation, { survey_id: [reportsNl.seedSurveyEmpty] });
  const [sMax] = await ctx.db.select({ max: sql<number | null>`max(${reportSections.id})` }).from(reportSections);
  const [cMax] = await ctx.db.select({ max: sql<number | null>`max(${reportCharts.id})` }).from(reportCharts);
  const [oMax] = await ctx.db.select({ max: sql<number | null>`max(${reportSections.order})` }).from(reportSections).where(eq(reportSections.reportId, reportId));
  // Ids allotted up front so charts can point at their new sections (as in copy-tree.ts).
  let [sectionId, chartId] = [sMax?.max ?? 0, cMax?.max ?? 0];
  const firstOrder = input.replace ? 0 : (oMax?.max ?? -1) + 1;
  const writes: BatchItem<'sqlite'>[] = [];
  plan.forEach((s, si) => {
    sectionId += 1;
    writes.push(ctx.db.insert(reportSections).values({ id: sectionId, reportId, title: s.title, order: firstOrder + si }));
    s.charts.forEach((c, ci) => {
      chartId += 1;
      writes.push(ctx.db.insert(reportCharts).values({ id: chartId, sectionId, chartTypeId: c.chartTypeId, title: c.title, order: ci, dataFormatId: c.dataFormatId, colorSchemeId: c.colorSchemeId, sortingOptionId: c.sortingOptionId }));
      if (c.columns.length) writes.push(ctx.db.insert(reportDataLocations).values(c.columns.map((columnKey, order) => ({ chartId, surveyId: survey.id, columnKey, order }))));
    });
  });
  const [first, ...rest] = [...(input.replace ? contentDeleteStatements(ctx.db, ctx.db.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId))) : []), ...writes];
  await ctx.db.batch([first!, ...rest]);
  const charts = plan.reduce((n, s) => n + s.charts.length, 0);
  return { data: await getReport(ctx, reportId, 'sections.charts.dataLocations'), alert: reportsNl.seeded(plan.length, charts) };
}
