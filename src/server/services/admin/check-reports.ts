import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, projectSurveys, reportCharts, reportDataLocations, reports, reportSections, surveys } from '../../db/schema';
import { reportsCheckNl as t } from '../../../shared/i18n/admin-reports';
import { CHART_TYPES, DATA_FORMATS } from '../../../shared/lookups';
import { loadSurveyColumns } from '../surveys/responses/survey-columns';
import { adminCompany, requireAdminRole } from './scope';
import { knownColumn } from './list-loose-ends';

const DAY = 86_400_000;
const CHART_TYPE_IDS = new Set<number>(CHART_TYPES.map((c) => c.id));
const FORMAT_IDS = new Set<number>(DATA_FORMATS.map((f) => f.id));

/** GET admin/reports/new: reports created in the last 2 weeks ('Rapportages van afgelopen 2 weken'). */
export async function listNewReports(ctx: UserServiceContext) {
  requireAdminRole(ctx.user, 'admin.view');
  const company = adminCompany(ctx.user);
  const since = new Date(ctx.now.getTime() - 14 * DAY);
  const rows = await ctx.db
    .select({ id: reports.id, title: reports.title, createdAt: reports.createdAt, statusId: reports.statusId, project: projects.title, projectId: projects.id, companyId: projects.companyId, sections: sql<number>`(select count(*) from ${reportSections} where ${reportSections.reportId} = ${reports.id})` })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .where(and(isNull(reports.deletedAt), isNull(projects.deletedAt), gte(reports.createdAt, since), company === null ? undefined : eq(projects.companyId, company)))
    .orderBy(sql`${reports.createdAt} desc`)
    .limit(500);
  return rows.map((r) => ({ id: r.id, title: r.title, created_at: r.createdAt.toISOString(), status_id: r.statusId, project: { id: r.projectId, title: r.project }, company_id: r.companyId, sections: Number(r.sections) }));
}

export interface ReportProblem {
  report_id: number;
  report: string;
  where: string;
  problem: string;
}

/**
 * GET admin/reports/check: every live report's references — project, charts (type, format, data
 * locations) and each data location's survey (exists, linked to the project) and column.
 */
export async function checkReports(ctx: UserServiceContext) {
  requireAdminRole(ctx.user, 'admin.view');
  const company = adminCompany(ctx.user);
  const scope = company === null ? undefined : eq(projects.companyId, company);
  const [reportRows, chartRows, locationRows] = await ctx.db.batch([
    ctx.db.select({ id: reports.id, title: reports.title, projectDeleted: projects.deletedAt }).from(reports).innerJoin(projects, eq(projects.id, reports.projectId)).where(and(isNull(reports.deletedAt), scope)),
    ctx.db
      .select({ id: reportCharts.id, title: reportCharts.title, typeId: reportCharts.chartTypeId, formatId: reportCharts.dataFormatId, reportId: reports.id, locations: sql<number>`(select count(*) from ${reportDataLocations} where ${reportDataLocations.chartId} = ${reportCharts.id})` })
      .from(reportCharts)
      .innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId))
      .innerJoin(reports, eq(reports.id, reportSections.reportId))
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .where(and(isNull(reports.deletedAt), scope)),
    ctx.db
      .select({ id: reportDataLocations.id, key: reportDataLocations.columnKey, surveyId: reportDataLocations.surveyId, surveyDeleted: surveys.deletedAt, linked: sql<number>`exists(select 1 from ${projectSurveys} where ${projectSurveys.projectId} = ${reports.projectId} and ${projectSurveys.surveyId} = ${reportDataLocations.surveyId})`, chart: reportCharts.title, reportId: reports.id })
      .from(reportDataLocations)
      .innerJoin(surveys, eq(surveys.id, reportDataLocations.surveyId))
      .innerJoin(reportCharts, eq(reportCharts.id, reportDataLocations.chartId))
      .innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId))
      .innerJoin(reports, eq(reports.id, reportSections.reportId))
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .where(and(isNull(reports.deletedAt), scope)),
  ]);
  const title = new Map(reportRows.map((r) => [r.id, r.title]));
  const problems: ReportProblem[] = [];
  const add = (reportId: number, where: string, problem: string) => problems.push({ report_id: reportId, report: title.get(reportId) ?? '', where, problem });
  for (const r of reportRows) if (r.projectDeleted) add(r.id, t.report, t.projectDeleted);
  for (const c of chartRows) {
    if (!CHART_TYPE_IDS.has(c.typeId)) add(c.reportId, t.chart(c.title), t.unknownChartType(c.typeId));
    if (c.formatId !== null && !FORMAT_IDS.has(c.formatId)) add(c.reportId, t.chart(c.title), t.unknownFormat(c.formatId));
    if (!Number(c.locations)) add(c.reportId, t.chart(c.title), t.noLocations);
  }
  const columns = new Map<number, Set<string> | null>();
  for (const id of new Set(locationRows.filter((l) => !l.surveyDeleted).map((l) => l.surveyId))) {
    const loaded = await loadSurveyColumns(ctx.db, id).catch(() => null);
    columns.set(id, loaded ? new Set(loaded.columns.map((c) => c.key)) : null);
  }
  for (const l of locationRows) {
    const where = t.location(l.chart, l.key);
    if (l.surveyDeleted || columns.get(l.surveyId) === null) add(l.reportId, where, t.surveyDeleted);
    else if (!Number(l.linked)) add(l.reportId, where, t.surveyNotLinked);
    else if (!knownColumn(columns.get(l.surveyId)!, l.key)) add(l.reportId, where, t.columnGone(l.key));
  }
  return { reports: reportRows.length, charts: chartRows.length, dataLocations: locationRows.length, problems };
}
