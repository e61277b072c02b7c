import { WIDGETS } from '../../../shared/lookups';
import type { BookmarkRow, ChartOptionRow, ChartRow, DataLocationRow, ReportRow, SectionRow, TextRow, WidgetRow } from './access';

export function presentChartOption(o: ChartOptionRow) {
  return { id: o.id, chart_id: o.chartId, key: o.key, value: o.value };
}

export function presentText(t: TextRow) {
  return { id: t.id, report_id: t.reportId, section_id: t.sectionId, chart_id: t.chartId, position: t.position, body: t.body, updated_at: t.updatedAt.toISOString() };
}

export function presentWidget(w: WidgetRow) {
  const type = WIDGETS.find((x) => x.id === w.widgetTypeId);
  return { id: w.id, report_id: w.reportId, section_id: w.sectionId, widget_type_id: w.widgetTypeId, widget_key: type?.key ?? null, order: w.order, settings: w.settings };
}

/** What GET report/{id} nests under a chart or section besides its children (only the parts asked for). */
export interface ChartExtras {
  chartOptions?: ChartOptionRow[];
  texts?: TextRow[];
}
export interface SectionExtras {
  texts?: TextRow[];
  widgets?: WidgetRow[];
}

export function presentDataLocation(d: DataLocationRow) {
  return { id: d.id, chart_id: d.chartId, survey_id: d.surveyId, column_key: d.columnKey, label: d.label, n_method: d.nMethod, order: d.order };
}

/**
 * `options` are the chart's effective options: the options object of POST/PUT chart overlaid with
 * its chart options (chart/{id}/chartOption rows win), whenever those rows were loaded.
 */
export function presentChart(c: ChartRow, dataLocations?: DataLocationRow[], extras: ChartExtras = {}) {
  const options = extras.chartOptions ? { ...c.options, ...Object.fromEntries(extras.chartOptions.map((o) => [o.key, o.value])) } : c.options;
  return {
    id: c.id,
    section_id: c.sectionId,
    chart_type_id: c.chartTypeId,
    title: c.title,
    order: c.order,
    sorting_option_id: c.sortingOptionId,
    data_format_id: c.dataFormatId,
    data_type_id: c.dataTypeId,
    kpi_id: c.kpiId,
    pattern_id: c.patternId,
    granularity_id: c.granularityId,
    color_scheme_id: c.colorSchemeId,
    options,
    ...(dataLocations ? { dataLocations: dataLocations.map(presentDataLocation) } : {}),
    ...(extras.chartOptions ? { chartOptions: extras.chartOptions.map(presentChartOption) } : {}),
    ...(extras.texts ? { texts: extras.texts.map(presentText) } : {}),
  };
}

export function presentSection(s: SectionRow, charts?: ReturnType<typeof presentChart>[], extras: SectionExtras = {}) {
  return {
    id: s.id,
    report_id: s.reportId,
    title: s.title,
    order: s.order,
    ...(charts ? { charts } : {}),
    ...(extras.texts ? { texts: extras.texts.map(presentText) } : {}),
    ...(extras.widgets ? { widgets: extras.widgets.map(presentWidget) } : {}),
  };
}

export function presentBookmark(b: BookmarkRow) {
  return { id: b.id, report_id: b.reportId, name: b.name, query_string: b.queryString };
}

export function presentReport(r: ReportRow, extra: { sections?: ReturnType<typeof presentSection>[]; bookmarks?: BookmarkRow[] } = {}) {
  return {
    id: r.id,
    project_id: r.projectId,
    parent_report_id: r.parentReportId,
    title: r.title,
    start_date: r.startDate,
    end_date: r.endDate,
    date_filter: r.dateFilter,
    date_granularity: r.dateGranularity,
    include_incomplete: r.includeIncomplete,
    benchmark_count: r.benchmarkCount,
    multiple_filters: r.multipleFilters,
    hide_risky_filters: r.hideRiskyFilters,
    hide_empty_filters: r.hideEmptyFilters,
    min_n: r.minN,
    protection: r.protection,
    languages: r.languages,
    pdf_export: r.pdfExport,
    direct_access: r.directAccess,
    status_id: r.statusId,
    weighting_id: r.weightingId,
    image_url: r.imageKey ? `/portal/api/v2/report/${r.id}/image` : null,
    archived: r.archivedAt !== null,
    archived_at: r.archivedAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
    ...(extra.sections ? { sections: extra.sections } : {}),
    ...(extra.bookmarks ? { bookmarks: extra.bookmarks.map(presentBookmark) } : {}),
  };
}
