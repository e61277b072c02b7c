import type { BookmarkRow, ChartRow, DataLocationRow, ReportRow, SectionRow } from './access';

export function presentDataLocation(d: DataLocationRow) {
  return { id: d.id, chart_id: d.chartId, survey_id: d.surveyId, column_key: d.columnKey, label: d.label, n_method: d.nMethod, order: d.order };
}

export function presentChart(c: ChartRow, dataLocations?: DataLocationRow[]) {
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
    options: c.options,
    ...(dataLocations ? { dataLocations: dataLocations.map(presentDataLocation) } : {}),
  };
}

export function presentSection(s: SectionRow, charts?: ReturnType<typeof presentChart>[]) {
  return { id: s.id, report_id: s.reportId, title: s.title, order: s.order, ...(charts ? { charts } : {}) };
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
    benchmark_count: r.benchmarkCount,
    multiple_filters: r.multipleFilters,
    hide_risky_filters: r.hideRiskyFilters,
    hide_empty_filters: r.hideEmptyFilters,
    min_n: r.minN,
    languages: r.languages,
    pdf_export: r.pdfExport,
    direct_access: r.directAccess,
    status_id: r.statusId,
    archived: r.archivedAt !== null,
    archived_at: r.archivedAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
    ...(extra.sections ? { sections: extra.sections } : {}),
    ...(extra.bookmarks ? { bookmarks: extra.bookmarks.map(presentBookmark) } : {}),
  };
}
