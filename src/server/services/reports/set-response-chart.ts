import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectSurveys, reportCharts, reportDataLocations, reportSections, surveys } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { reportsNl } from '../../../shared/i18n/reports';
import { CHART_TYPES, DATA_FORMATS, KPIS } from '../../../shared/lookups';
import type { ResponseChartInput } from '../../../shared/validation/reports-parts';
import { loadCube } from '../analytics/load-cube';
import { findReport, findReportSection, requireReportRole, type ReportRow } from './access';
import { requireLinkedSurvey } from './check-column';
import { getChart } from './get-chart';

const KPI_TYPE = CHART_TYPES.find((t) => t.key === 'kpi')!.id;
const RESPONSE = KPIS.find((k) => k.key === 'response')!.id;
const COUNT = DATA_FORMATS.find((f) => f.key === 'count')!.id;

async function surveyFor(ctx: UserServiceContext, report: ReportRow, wanted: number | undefined, current: number | undefined) {
  if (wanted !== undefined) return (await requireLinkedSurvey(ctx, report.projectId, wanted)).id;
  if (current !== undefined) return current;
  const [first] = await ctx.db
    .select({ id: surveys.id })
    .from(projectSurveys)
    .innerJoin(surveys, eq(surveys.id, projectSurveys.surveyId))
    .where(and(eq(projectSurveys.projectId, report.projectId), sql`${surveys.deletedAt} is null`))
    .orderBy(asc(surveys.id));
  if (!first) throw new AppError('VALIDATION', nl.validation, { survey_id: [reportsNl.noSurvey] });
  return first.id;
}

/**
 * PUT report/{id}/responseChart: creates or updates the report's one response chart, a KPI
 * (kpi 'response', format count) whose single data location uses n_method 'total', so its
 * number is the benchmark's group size (stats.groupSize): the responses within the filters and
 * period. New charts go first in their section (a section 'Respons' is made when there is none).
 */
export async function setResponseChart(ctx: UserServiceContext, reportId: number, input: ResponseChartInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const report = await findReport(ctx, reportId);
  const sections = await ctx.db.select().from(reportSections).where(eq(reportSections.reportId, reportId)).orderBy(asc(reportSections.order), asc(reportSections.id));
  const [existing] = sections.length
    ? await ctx.db.select().from(reportCharts).where(and(inArray(reportCharts.sectionId, sections.map((s) => s.id)), eq(reportCharts.chartTypeId, KPI_TYPE), eq(reportCharts.kpiId, RESPONSE))).orderBy(asc(reportCharts.id))
    : [];
  const [currentLocation] = existing ? await ctx.db.select().from(reportDataLocations).where(eq(reportDataLocations.chartId, existing.id)).orderBy(asc(reportDataLocations.order)) : [];
  const surveyId = await surveyFor(ctx, report, input.survey_id, currentLocation?.surveyId);
  const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, surveyId);
  const column = cube.columns.find((c) => c.source === 'question' && c.kind === 'single') ?? cube.columns.find((c) => c.source === 'question');
  if (!column) throw new AppError('VALIDATION', nl.validation, { survey_id: [reportsNl.seedSurveyEmpty] });
  let sectionId = input.section_id !== undefined ? (await findReportSection(ctx, reportId, input.section_id)).section.id : (existing?.sectionId ?? sections[0]?.id);
  if (sectionId === undefined) {
    const [made] = await ctx.db.insert(reportSections).values({ reportId, title: reportsNl.responseSection, order: 0 }).returning();
    sectionId = made!.id;
  }
  const location = { surveyId, columnKey: column.key, nMethod: 'total' as const, order: 0 };
  if (existing) {
    const moved = sectionId !== existing.sectionId;
    await ctx.db.batch([
      ctx.db.update(reportCharts).set({ title: input.title, sectionId, order: moved ? 0 : undefined }).where(eq(reportCharts.id, existing.id)),
      ctx.db.delete(reportDataLocations).where(eq(reportDataLocations.chartId, existing.id)),
      ctx.db.insert(reportDataLocations).values({ ...location, chartId: existing.id }),
    ]);
    return { chart: await getChart(ctx, existing.id), created: false };
  }
  const [chart] = await ctx.db
    .insert(reportCharts)
    .values({ sectionId, chartTypeId: KPI_TYPE, kpiId: RESPONSE, dataFormatId: COUNT, title: input.title ?? reportsNl.responseTitle, order: 0 })
    .returning();
  await ctx.db.batch([
    ctx.db.update(reportCharts).set({ order: sql`${reportCharts.order} + 1` }).where(and(eq(reportCharts.sectionId, sectionId), sql`${reportCharts.id} <> ${chart!.id}`)),
    ctx.db.insert(reportDataLocations).values({ ...location, chartId: chart!.id }),
  ]);
  return { chart: await getChart(ctx, chart!.id), created: true };
}
