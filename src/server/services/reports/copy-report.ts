import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportBookmarks, reportCharts, reportDataLocations, reports, reportSections } from '../../db/schema';
import { reportsNl } from '../../../shared/i18n/reports';
import { findReport, requireReportRole } from './access';
import { presentReport } from './present';

async function maxId(ctx: UserServiceContext, table: typeof reports | typeof reportSections | typeof reportCharts | typeof reportDataLocations | typeof reportBookmarks) {
  const [row] = await ctx.db.select({ max: sql<number | null>`max(${table.id})` }).from(table);
  return row?.max ?? 0;
}

/**
 * POST report/{id}/copy: a concept copy '{title} (kopie)' with copies of all sections, charts, data
 * locations and bookmarks, written in one batch (ids are allotted up front so children can point
 * at their new parents; a concurrent insert makes the batch fail as a whole).
 */
export async function copyReport(ctx: UserServiceContext, reportId: number) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const source = await findReport(ctx, reportId);
  const sections = await ctx.db.select().from(reportSections).where(eq(reportSections.reportId, reportId)).orderBy(asc(reportSections.id));
  const charts = sections.length ? await ctx.db.select().from(reportCharts).where(inArray(reportCharts.sectionId, sections.map((s) => s.id))).orderBy(asc(reportCharts.id)) : [];
  const locations = charts.length
    ? await ctx.db.select().from(reportDataLocations).where(inArray(reportDataLocations.chartId, charts.map((c) => c.id))).orderBy(asc(reportDataLocations.id))
    : [];
  const bookmarks = await ctx.db.select().from(reportBookmarks).where(eq(reportBookmarks.reportId, reportId)).orderBy(asc(reportBookmarks.id));
  const [r0, s0, c0, d0, b0] = [await maxId(ctx, reports), await maxId(ctx, reportSections), await maxId(ctx, reportCharts), await maxId(ctx, reportDataLocations), await maxId(ctx, reportBookmarks)];
  const newReportId = r0 + 1;
  const sectionIds = new Map(sections.map((s, i) => [s.id, s0 + 1 + i]));
  const chartIds = new Map(charts.map((c, i) => [c.id, c0 + 1 + i]));
  const suffix = reportsNl.copySuffix;
  const title = source.title.length + suffix.length > 191 ? `${source.title.slice(0, 191 - suffix.length)}${suffix}` : `${source.title}${suffix}`;
  const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = source;
  const statements = [
    ctx.db.insert(reports).values({ ...fields, id: newReportId, title, parentReportId: null, statusId: 1, archivedAt: null, deletedAt: null }),
    ...sections.map((s) => ctx.db.insert(reportSections).values({ id: sectionIds.get(s.id)!, reportId: newReportId, title: s.title, order: s.order })),
    ...charts.map((c) => {
      const { id, sectionId, createdAt: _cc, updatedAt: _cu, ...rest } = c;
      return ctx.db.insert(reportCharts).values({ ...rest, id: chartIds.get(id)!, sectionId: sectionIds.get(sectionId)! });
    }),
    ...locations.map((d, i) => {
      const { id: _di, chartId, createdAt: _dc, updatedAt: _du, ...rest } = d;
      return ctx.db.insert(reportDataLocations).values({ ...rest, id: d0 + 1 + i, chartId: chartIds.get(chartId)! });
    }),
    ...bookmarks.map((b, i) => ctx.db.insert(reportBookmarks).values({ id: b0 + 1 + i, reportId: newReportId, name: b.name, queryString: b.queryString })),
  ];
  const [first, ...rest] = statements;
  await ctx.db.batch([first!, ...rest]);
  return presentReport((await findReport(ctx, newReportId)));
}
