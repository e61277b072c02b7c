import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { type Read, combine, read, readOne } from '../../db/reads';
import { companyMaps, reportChartMaps, reportCharts, reportDataLocations, reportSections } from '../../db/schema';
import type { MapChartSettings } from './map-areas';
import { mapVersion } from '../maps/access';
import { type DataLocationRow, type ReportRow, findReportRead, notFound } from '../reports/access';

/** The part of a report a data call asks for: the whole report, one section, one chart or one data location. */
export type ReportDataScope = { kind: 'report' } | { kind: 'section' | 'chart' | 'dataLocation'; id: number };

export interface ResolvedScope {
  report: ReportRow;
  /** In report order (section, chart, data location). */
  dataLocations: (DataLocationRow & { sectionId: number; chartTypeId: number; kpiId: number | null; granularityId: number; map: MapChartSettings | null })[];
}

/** The report the user may see (404 otherwise) and the data locations of the scope, which must belong to it. */
export async function resolveScope(ctx: UserServiceContext, reportId: number, scope: ReportDataScope): Promise<ResolvedScope> {
  return readOne(ctx.db, scopeRead(ctx, reportId, scope));
}

/** The narrowing of a scope to its part of the report: a section, chart or data location (of this report). */
export function scopeWhere(scope: ReportDataScope): SQL | undefined {
  if (scope.kind === 'section') return eq(reportSections.id, scope.id);
  if (scope.kind === 'chart') return eq(reportCharts.id, scope.id);
  if (scope.kind === 'dataLocation') return eq(reportDataLocations.id, scope.id);
  return undefined;
}

/**
 * resolveScope as one read of a request's batch (db/reads.ts): the visible report, whether the
 * scope's section/chart/data location belongs to it, and the scope's data locations — three
 * queries that need no answer of each other. Its result throws 404 like findReport/findChart.
 */
export function scopeRead(ctx: UserServiceContext, reportId: number, scope: ReportDataScope): Read<ResolvedScope> {
  const where = scopeWhere(scope);
  const part = ctx.db
    .select({ id: reportSections.id })
    .from(reportSections)
    .leftJoin(reportCharts, eq(reportCharts.sectionId, reportSections.id))
    .leftJoin(reportDataLocations, eq(reportDataLocations.chartId, reportCharts.id))
    .where(and(eq(reportSections.reportId, reportId), where))
    .limit(1);
  const rest = read([part, scopeLocationsQuery(ctx.db, reportId, where)], ([[inReport], rows]) => ({ inReport: !!inReport, rows }));
  return combine(findReportRead(ctx, reportId), rest, (report, { inReport, rows }) => {
    if (where && !inReport) throw notFound();
    return { report, dataLocations: rows.map(presentLocation) };
  });
}

/** The data locations of a report (optionally narrowed by `where`), in report order, with their chart's type, KPI and granularity. */
export async function scopeLocations(db: Db, reportId: number, where?: SQL): Promise<ResolvedScope['dataLocations']> {
  return (await scopeLocationsQuery(db, reportId, where)).map(presentLocation);
}

/** The survey ids of a scope's data locations, as a subquery (for reads in the same batch). */
export function scopeSurveyIds(db: Db, reportId: number, scope: ReportDataScope) {
  return db
    .selectDistinct({ surveyId: reportDataLocations.surveyId })
    .from(reportDataLocations)
    .innerJoin(reportCharts, eq(reportCharts.id, reportDataLocations.chartId))
    .innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId))
    .where(and(eq(reportSections.reportId, reportId), scopeWhere(scope)));
}

function scopeLocationsQuery(db: Db, reportId: number, where?: SQL) {
  return db
    .select({
      dataLocation: reportDataLocations,
      sectionId: reportSections.id,
      chartTypeId: reportCharts.chartTypeId,
      kpiId: reportCharts.kpiId,
      granularityId: reportCharts.granularityId,
      // A map chart's settings and its map's version (the drawing comes from the isolate's cache, map-areas.ts).
      chartMap: reportChartMaps,
      mapUpdatedAt: companyMaps.updatedAt,
    })
    .from(reportDataLocations)
    .innerJoin(reportCharts, eq(reportCharts.id, reportDataLocations.chartId))
    .innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId))
    .leftJoin(reportChartMaps, eq(reportChartMaps.chartId, reportCharts.id))
    .leftJoin(companyMaps, eq(companyMaps.id, reportChartMaps.mapId))
    .where(and(eq(reportSections.reportId, reportId), where))
    .orderBy(asc(reportSections.order), asc(reportSections.id), asc(reportCharts.order), asc(reportCharts.id), asc(reportDataLocations.order), asc(reportDataLocations.id));
}

const presentLocation = (r: Awaited<ReturnType<typeof scopeLocationsQuery>>[number]): ResolvedScope['dataLocations'][number] => ({
  ...r.dataLocation,
  sectionId: r.sectionId,
  chartTypeId: r.chartTypeId,
  kpiId: r.kpiId,
  granularityId: r.granularityId,
  map: r.chartMap && r.mapUpdatedAt ? { ...r.chartMap, mapKey: mapVersion({ id: r.chartMap.mapId, updatedAt: r.mapUpdatedAt }) } : null,
});
