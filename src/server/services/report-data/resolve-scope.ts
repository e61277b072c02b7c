import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { reportCharts, reportDataLocations, reportSections } from '../../db/schema';
import { type DataLocationRow, type ReportRow, findChart, findDataLocation, findReport, findReportSection, notFound } from '../reports/access';

/** The part of a report a data call asks for: the whole report, one section, one chart or one data location. */
export type ReportDataScope = { kind: 'report' } | { kind: 'section' | 'chart' | 'dataLocation'; id: number };

export interface ResolvedScope {
  report: ReportRow;
  /** In report order (section, chart, data location). */
  dataLocations: (DataLocationRow & { sectionId: number; chartTypeId: number; kpiId: number | null; granularityId: number })[];
}

/** The report the user may see (404 otherwise) and the data locations of the scope, which must belong to it. */
export async function resolveScope(ctx: UserServiceContext, reportId: number, scope: ReportDataScope): Promise<ResolvedScope> {
  let where: SQL | undefined;
  let report: ReportRow;
  if (scope.kind === 'report') {
    report = await findReport(ctx, reportId);
  } else if (scope.kind === 'section') {
    report = (await findReportSection(ctx, reportId, scope.id)).report;
    where = eq(reportSections.id, scope.id);
  } else if (scope.kind === 'chart') {
    report = (await findChart(ctx, scope.id)).report;
    where = eq(reportCharts.id, scope.id);
  } else {
    report = (await findDataLocation(ctx, scope.id)).report;
    where = eq(reportDataLocations.id, scope.id);
  }
  if (report.id !== reportId) throw notFound();
  return { report, dataLocations: await scopeLocations(ctx.db, report.id, where) };
}

/** The data locations of a report (optionally narrowed by `where`), in report order, with their chart's type, KPI and granularity. */
export async function scopeLocations(db: Db, reportId: number, where?: SQL): Promise<ResolvedScope['dataLocations']> {
  const rows = await db
    .select({ dataLocation: reportDataLocations, sectionId: reportSections.id, chartTypeId: reportCharts.chartTypeId, kpiId: reportCharts.kpiId, granularityId: reportCharts.granularityId })
    .from(reportDataLocations)
    .innerJoin(reportCharts, eq(reportCharts.id, reportDataLocations.chartId))
    .innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId))
    .where(and(eq(reportSections.reportId, reportId), where))
    .orderBy(asc(reportSections.order), asc(reportSections.id), asc(reportCharts.order), asc(reportCharts.id), asc(reportDataLocations.order), asc(reportDataLocations.id));
  return rows.map((r) => ({ ...r.dataLocation, sectionId: r.sectionId, chartTypeId: r.chartTypeId, kpiId: r.kpiId, granularityId: r.granularityId }));
}
