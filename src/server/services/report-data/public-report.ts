import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ThrottleRule } from '../../auth/throttle';
import type { ServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { type Read, mapRead, read, readOne } from '../../db/reads';
import { companies, projects, reportCharts, reports, reportSections } from '../../db/schema';
import { embedDomainList } from '../../../shared/validation/sharing';
import { AppError, nl } from '../../errors';
import type { ReportDataBody } from '../../../shared/validation/report-data';
import type { ReportRow } from '../reports/access';
import { type ReportDataAnswer, computeForScope } from './compute-report-data';
import { scopeLocations } from './resolve-scope';

const notFound = () => new AppError('NOT_FOUND', nl.notFound);

/**
 * Anonymous computations (public data calls, public pages the edge cache misses) are counted per
 * IP: generous for a page of charts, a wall for scrapers.
 */
export const PUBLIC_DATA_THROTTLE: ThrottleRule = { scope: 'public-data:ip', limit: 300, windowMs: 60_000 };

/**
 * The public page in browsers and shared caches: kept, but revalidated on every visit (its ETag
 * carries the report version), so an editor who changes the report sees the change at once; the
 * rendered view stays in the Worker's edge cache per version.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Whether an If-None-Match header names `etag` (a list, weak forms as a CDN's compression makes them, or *). */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * A report anyone may read: direct access switched on, not deleted or archived, of a live
 * project. Anything else is a plain 404 (no hint that the report exists).
 */
export async function findPublicReport(db: Db, reportId: number): Promise<ReportRow> {
  return readOne(db, mapRead(publicReportRead(db, reportId), (r) => r.report));
}

function publicReportQuery(db: Db, reportId: number) {
  return db
    .select({ report: reports, embedDomains: companies.embedDomains })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(and(eq(reports.id, reportId), eq(reports.directAccess, true), isNull(reports.deletedAt), isNull(reports.archivedAt), isNull(projects.deletedAt)));
}

/**
 * Version of everything a public page shows: the report row, its sections, charts, data
 * locations, texts, chart options and map settings (latest change and counts, so deletions count too), the
 * responses version of every survey it reads, and what names and selects its groups and labels:
 * the filter categories, options and conditions of those surveys, the report's own choice of
 * categories and options, and the panels, panel fields and options fielded with those surveys (a
 * renamed option or a changed condition is a new version). One query; the edge cache keys on it.
 */
export async function publicReportVersion(db: Db, report: ReportRow): Promise<string> {
  const [row] = await versionQuery(db, report.id);
  return versionString(report, row);
}

function versionQuery(db: Db, id: number) {
  // The report's charts, surveys, their filter categories and panels, each worked out once.
  return db.all<Record<string, number | null>>(sql`with
    ch as materialized (select c.id from report_charts c join report_sections s on s.id = c.section_id where s.report_id = ${id}),
    sv as materialized (select distinct survey_id from report_data_locations where chart_id in (select id from ch)),
    cat as materialized (select id from filter_categories where survey_id in (select survey_id from sv)),
    pn as materialized (select distinct panel_id from survey_panels where survey_id in (select survey_id from sv))
  select
    (select coalesce(max(updated_at), 0) || ':' || count(*) from report_sections where report_id = ${id}) as sections,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from report_charts where id in (select id from ch)) as charts,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from report_data_locations where chart_id in (select id from ch)) as locations,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from report_texts where report_id = ${id}) as texts,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from report_chart_options where chart_id in (select id from ch)) as options,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from report_chart_maps where chart_id in (select id from ch)) as maps,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from report_widgets where report_id = ${id}) as widgets,
    (select coalesce(max(updated_at), 0) from weighting_schemes where id = (select weighting_id from reports where id = ${id})) as weighting,
    (select coalesce(group_concat(v), '') from (select s.id || '.' || s.responses_version as v from surveys s where s.id in (select survey_id from sv) order by s.id)) as responses,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from filter_categories where id in (select id from cat)) as categories,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from filter_options where category_id in (select id from cat)) as filter_options,
    (select coalesce(max(fc.updated_at), 0) || ':' || count(*) from filter_conditions fc join filter_options fo on fo.id = fc.option_id where fo.category_id in (select id from cat)) as conditions,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from report_filter_categories where report_id = ${id}) as report_categories,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from report_filter_options where report_id = ${id}) as report_options,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from survey_panels where survey_id in (select survey_id from sv)) as survey_panels,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from panels where id in (select panel_id from pn)) as panels,
    (select coalesce(max(updated_at), 0) || ':' || count(*) from panel_fields where panel_id in (select panel_id from pn)) as panel_fields,
    (select coalesce(max(o.updated_at), 0) || ':' || count(*) from panel_field_options o join panel_fields f on f.id = o.panel_field_id where f.panel_id in (select panel_id from pn)) as panel_options`);
}

const versionString = (report: ReportRow, row: Record<string, number | null> | undefined) => [report.updatedAt.getTime(), ...Object.values(row ?? {})].join('-');

/**
 * findPublicReport and publicReportVersion as one read (one round trip, issue 20): the version
 * query needs only the id, so both run in the same batch; the 404 is thrown before the version is
 * looked at.
 */
export function publicReportRead(db: Db, reportId: number): Read<{ report: ReportRow; version: string; embedDomains: string[] }> {
  return read([publicReportQuery(db, reportId), versionQuery(db, reportId)], ([[row], [version]]) => {
    if (!row) throw notFound();
    return { report: row.report, version: versionString(row.report, version), embedDomains: embedDomainList(row.embedDomains) };
  });
}

export type PublicScope = { kind: 'report' } | { kind: 'chart'; id: number };

/**
 * Data of a public report (or one of its charts) for anyone: the same engine, min_n and
 * suppression as the staff call — a suppressed group carries no numbers. The AI assistant is not
 * offered here.
 */
export async function computePublicReportData(ctx: Pick<ServiceContext, 'db' | 'jobs'>, reportId: number, lang: string, scope: PublicScope, body: ReportDataBody): Promise<ReportDataAnswer> {
  const report = await findPublicReport(ctx.db, reportId);
  let where;
  if (scope.kind === 'chart') {
    const [chart] = await ctx.db
      .select({ id: reportCharts.id })
      .from(reportCharts)
      .innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId))
      .where(and(eq(reportCharts.id, scope.id), eq(reportSections.reportId, report.id)));
    if (!chart) throw notFound();
    where = eq(reportCharts.id, scope.id);
  }
  const dataLocations = await scopeLocations(ctx.db, report.id, where);
  return computeForScope(ctx, { report, dataLocations }, lang, { ...body, askAi: false });
}
