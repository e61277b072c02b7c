import * as lookups from '../../../shared/lookups';

const list = <T>(rows: readonly T[]) => ({ data: [...rows] });

/** The fixed catalogues of bootstrap (spec 000 §7), each as `{ data }`. */
export function fixedLookups() {
  return {
    reportStatuses: list(lookups.REPORT_STATUSES),
    granularity: list(lookups.GRANULARITY),
    patterns: list(lookups.PATTERNS),
    colors: list(lookups.COLOR_SCHEMES),
    chartTypes: list(lookups.CHART_TYPES),
    chartSortingOptions: list(lookups.CHART_SORTING_OPTIONS),
    dataFormats: list(lookups.DATA_FORMATS),
    dataTypes: list(lookups.DATA_TYPES),
    KPIs: list(lookups.KPIS),
    widgets: list(lookups.WIDGETS),
    looseEndTypes: list(lookups.LOOSE_END_TYPES),
    fileTypes: list(lookups.FILE_TYPES),
    fileSubjectTypes: list(lookups.FILE_SUBJECT_TYPES),
    fileDataTypes: list(lookups.FILE_DATA_TYPES),
    panelFieldTypes: list(lookups.PANEL_FIELD_TYPES),
  };
}
