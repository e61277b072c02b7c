import { asc, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportBookmarks, reportChartOptions, reportCharts, reportDataLocations, reportSections, reportTexts, reportWidgets } from '../../db/schema';
import { findReport, requireReportRole } from './access';
import { presentChart, presentReport, presentSection } from './present';

/**
 * Which parts `include` asks for: sections, sections.texts, sections.widgets, sections.charts,
 * sections.charts.dataLocations, sections.charts.chartOptions, sections.charts.texts, bookmarks.
 */
export function includes(include = '') {
  const parts = new Set(include.split(',').map((s) => s.trim()).filter(Boolean));
  const has = (p: string) => [...parts].some((x) => x === p || x.startsWith(`${p}.`));
  return {
    sections: has('sections'),
    sectionTexts: has('sections.texts'),
    widgets: has('sections.widgets'),
    charts: has('sections.charts'),
    dataLocations: has('sections.charts.dataLocations'),
    chartOptions: has('sections.charts.chartOptions'),
    chartTexts: has('sections.charts.texts'),
    bookmarks: has('bookmarks'),
  };
}

const byOrder = <T extends { order: number; id: number }>(a: T, b: T) => a.order - b.order || a.id - b.id;

/** GET report/{id}[?include=…]: see includes(); charts always carry their effective options. */
export async function getReport(ctx: UserServiceContext, reportId: number, include = '') {
  requireReportRole(ctx.user, 'dashboard.view');
  const report = await findReport(ctx, reportId);
  const want = includes(include);
  const bookmarks = want.bookmarks ? await ctx.db.select().from(reportBookmarks).where(eq(reportBookmarks.reportId, reportId)).orderBy(asc(reportBookmarks.id)) : undefined;
  if (!want.sections) return presentReport(report, { bookmarks });
  const sections = await ctx.db.select().from(reportSections).where(eq(reportSections.reportId, reportId)).orderBy(asc(reportSections.order), asc(reportSections.id));
  const texts = want.sectionTexts || want.chartTexts ? await ctx.db.select().from(reportTexts).where(eq(reportTexts.reportId, reportId)).orderBy(asc(reportTexts.id)) : [];
  const widgets = want.widgets ? (await ctx.db.select().from(reportWidgets).where(eq(reportWidgets.reportId, reportId))).sort(byOrder) : [];
  const charts =
    want.charts && sections.length
      ? await ctx.db.select().from(reportCharts).where(inArray(reportCharts.sectionId, sections.map((s) => s.id))).orderBy(asc(reportCharts.order), asc(reportCharts.id))
      : [];
  const chartIds = charts.map((c) => c.id);
  const locations =
    want.dataLocations && chartIds.length
      ? await ctx.db.select().from(reportDataLocations).where(inArray(reportDataLocations.chartId, chartIds)).orderBy(asc(reportDataLocations.order), asc(reportDataLocations.id))
      : [];
  const options = chartIds.length ? await ctx.db.select().from(reportChartOptions).where(inArray(reportChartOptions.chartId, chartIds)).orderBy(asc(reportChartOptions.key)) : [];
  const presented = sections.map((s) =>
    presentSection(
      s,
      want.charts
        ? charts
            .filter((c) => c.sectionId === s.id)
            .map((c) => {
              const own = options.filter((o) => o.chartId === c.id);
              const presentedChart = presentChart(c, want.dataLocations ? locations.filter((d) => d.chartId === c.id) : undefined, {
                chartOptions: own,
                texts: want.chartTexts ? texts.filter((t) => t.chartId === c.id) : undefined,
              });
              if (want.chartOptions) return presentedChart;
              const { chartOptions: _hidden, ...rest } = presentedChart;
              return rest;
            })
        : undefined,
      { texts: want.sectionTexts ? texts.filter((t) => t.sectionId === s.id) : undefined, widgets: want.widgets ? widgets.filter((w) => w.sectionId === s.id) : undefined },
    ),
  );
  return presentReport(report, { bookmarks, sections: presented });
}
