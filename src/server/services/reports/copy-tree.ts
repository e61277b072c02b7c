import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { UserServiceContext } from '../../context';
import { reportBookmarks, reportChartOptions, reportCharts, reportDataLocations, reportFilterCategories, reportFilterOptions, reports, reportSections, reportTexts, reportWidgets } from '../../db/schema';

async function maxId(ctx: UserServiceContext, table: typeof reports | typeof reportSections | typeof reportCharts) {
  const [row] = await ctx.db.select({ max: sql<number | null>`max(${table.id})` }).from(table);
  return row?.max ?? 0;
}

type NewReport = Omit<typeof reports.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * The statements that write a new report with a deep copy of a report's content: sections,
 * charts, data locations, chart options, texts, widgets, bookmarks and its filter categories.
 * Report, section and chart ids are allotted up front so children can point at their new parents;
 * a concurrent insert makes the batch fail as a whole. The caller runs them in one batch.
 */
export async function copyTreeStatements(ctx: UserServiceContext, sourceId: number, values: NewReport) {
  const sections = await ctx.db.select().from(reportSections).where(eq(reportSections.reportId, sourceId)).orderBy(asc(reportSections.id));
  const charts = sections.length ? await ctx.db.select().from(reportCharts).where(inArray(reportCharts.sectionId, sections.map((s) => s.id))).orderBy(asc(reportCharts.id)) : [];
  const chartIdList = charts.map((c) => c.id);
  const locations = chartIdList.length ? await ctx.db.select().from(reportDataLocations).where(inArray(reportDataLocations.chartId, chartIdList)).orderBy(asc(reportDataLocations.id)) : [];
  const options = chartIdList.length ? await ctx.db.select().from(reportChartOptions).where(inArray(reportChartOptions.chartId, chartIdList)) : [];
  const texts = await ctx.db.select().from(reportTexts).where(eq(reportTexts.reportId, sourceId)).orderBy(asc(reportTexts.id));
  const widgets = await ctx.db.select().from(reportWidgets).where(eq(reportWidgets.reportId, sourceId)).orderBy(asc(reportWidgets.id));
  const bookmarks = await ctx.db.select().from(reportBookmarks).where(eq(reportBookmarks.reportId, sourceId)).orderBy(asc(reportBookmarks.id));
  const filters = await ctx.db.select().from(reportFilterCategories).where(eq(reportFilterCategories.reportId, sourceId));
  const shownOrHidden = await ctx.db.select().from(reportFilterOptions).where(eq(reportFilterOptions.reportId, sourceId));
  const [r0, s0, c0] = [await maxId(ctx, reports), await maxId(ctx, reportSections), await maxId(ctx, reportCharts)];
  const reportId = r0 + 1;
  const sectionIds = new Map(sections.map((s, i) => [s.id, s0 + 1 + i]));
  const chartIds = new Map(charts.map((c, i) => [c.id, c0 + 1 + i]));
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [
    ctx.db.insert(reports).values({ ...values, id: reportId, createdBy: ctx.user.id }),
    ...sections.map((s) => ctx.db.insert(reportSections).values({ id: sectionIds.get(s.id)!, reportId, title: s.title, order: s.order })),
    ...charts.map(({ id, sectionId, createdAt: _c, updatedAt: _u, ...rest }) => ctx.db.insert(reportCharts).values({ ...rest, id: chartIds.get(id)!, sectionId: sectionIds.get(sectionId)! })),
    ...locations.map(({ id: _i, chartId, createdAt: _c, updatedAt: _u, ...rest }) => ctx.db.insert(reportDataLocations).values({ ...rest, chartId: chartIds.get(chartId)! })),
    ...options.map((o) => ctx.db.insert(reportChartOptions).values({ chartId: chartIds.get(o.chartId)!, key: o.key, value: o.value })),
    ...texts.map((t) =>
      ctx.db.insert(reportTexts).values({
        reportId,
        sectionId: t.sectionId === null ? null : (sectionIds.get(t.sectionId) ?? null),
        chartId: t.chartId === null ? null : (chartIds.get(t.chartId) ?? null),
        position: t.position,
        body: t.body,
      }),
    ),
    ...widgets.map((w) => ctx.db.insert(reportWidgets).values({ reportId, sectionId: sectionIds.get(w.sectionId)!, widgetTypeId: w.widgetTypeId, order: w.order, settings: w.settings })),
    ...bookmarks.map((b) => ctx.db.insert(reportBookmarks).values({ reportId, name: b.name, queryString: b.queryString })),
    ...filters.map((f) => ctx.db.insert(reportFilterCategories).values({ reportId, categoryId: f.categoryId, order: f.order })),
    ...shownOrHidden.map((o) => ctx.db.insert(reportFilterOptions).values({ reportId, optionId: o.optionId, exposed: o.exposed })),
  ];
  return { reportId, statements };
}
