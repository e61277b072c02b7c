import { asc, eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { UserServiceContext } from '../../context';
import { reportBookmarks, reportChartOptions, reportCharts, reportDataLocations, reportSections, reportTexts, reportWidgets } from '../../db/schema';
import { combine, readOne, type Read } from '../../db/reads';
import { type BookmarkRow, type ChartOptionRow, type ChartRow, type DataLocationRow, type ReportRow, type SectionRow, type TextRow, type WidgetRow, findReportRead, requireReportRole } from './access';
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
  return readOne(ctx.db, reportRead(ctx, reportId, include));
}

interface Parts {
  bookmarks?: BookmarkRow[];
  sections?: SectionRow[];
  texts?: TextRow[];
  widgets?: WidgetRow[];
  charts?: ChartRow[];
  locations?: DataLocationRow[];
  options?: ChartOptionRow[];
}

/**
 * getReport as one read of a request's batch (db/reads.ts): the report with its access rule and
 * every part asked for, each part's query independent of the others' answers (the report's
 * sections and charts as subqueries, not ids read first). The report's 404 is thrown before any
 * part is looked at, so parts of a report the user may not see never leave the service.
 */
export function reportRead(ctx: UserServiceContext, reportId: number, include = '') {
  requireReportRole(ctx.user, 'dashboard.view');
  const want = includes(include);
  const { db } = ctx;
  const sectionIds = db.select({ id: reportSections.id }).from(reportSections).where(eq(reportSections.reportId, reportId));
  const chartIds = db.select({ id: reportCharts.id }).from(reportCharts).where(inArray(reportCharts.sectionId, sectionIds));
  const asked: [keyof Parts, BatchItem<'sqlite'>][] = [];
  if (want.bookmarks) asked.push(['bookmarks', db.select().from(reportBookmarks).where(eq(reportBookmarks.reportId, reportId)).orderBy(asc(reportBookmarks.id))]);
  if (want.sections) {
    asked.push(['sections', db.select().from(reportSections).where(eq(reportSections.reportId, reportId)).orderBy(asc(reportSections.order), asc(reportSections.id))]);
    if (want.sectionTexts || want.chartTexts) asked.push(['texts', db.select().from(reportTexts).where(eq(reportTexts.reportId, reportId)).orderBy(asc(reportTexts.id))]);
    if (want.widgets) asked.push(['widgets', db.select().from(reportWidgets).where(eq(reportWidgets.reportId, reportId))]);
    if (want.charts) {
      asked.push(['charts', db.select().from(reportCharts).where(inArray(reportCharts.sectionId, sectionIds)).orderBy(asc(reportCharts.order), asc(reportCharts.id))]);
      asked.push(['options', db.select().from(reportChartOptions).where(inArray(reportChartOptions.chartId, chartIds)).orderBy(asc(reportChartOptions.key))]);
    }
    if (want.dataLocations) asked.push(['locations', db.select().from(reportDataLocations).where(inArray(reportDataLocations.chartId, chartIds)).orderBy(asc(reportDataLocations.order), asc(reportDataLocations.id))]);
  }
  const parts: Read<Parts> = { queries: asked.map(([, q]) => q), present: (results) => Object.fromEntries(asked.map(([name], i) => [name, results[i]])) };
  return combine(findReportRead(ctx, reportId), parts, (report, found) => presentWith(report, want, found));
}

function presentWith(report: ReportRow, want: ReturnType<typeof includes>, { bookmarks, sections, texts = [], widgets: widgetRows = [], charts = [], options = [], locations = [] }: Parts) {
  if (!sections) return presentReport(report, { bookmarks });
  const widgets = [...widgetRows].sort(byOrder);
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
