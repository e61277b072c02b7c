import type { ReportInput, ReportUpdate } from '../../../shared/validation/reports';
import type { ReportRow } from './access';

/** Report settings a body may set, beside the title and status (spec 001 §3 Report fields). */
const SETTINGS = ['startDate', 'endDate', 'dateFilter', 'dateGranularity', 'includeIncomplete', 'benchmarkCount', 'multipleFilters', 'hideRiskyFilters', 'hideEmptyFilters', 'minN', 'protection', 'languages', 'pdfExport', 'directAccess', 'weightingId'] as const;

/** The report columns of a POST/PUT body; a field the body leaves out stays undefined (not set, or the column's default). */
export function reportColumns(input: ReportInput | ReportUpdate) {
  return {
    title: input.title,
    startDate: input.start_date,
    endDate: input.end_date,
    dateFilter: input.date_filter,
    dateGranularity: input.date_granularity,
    includeIncomplete: input.include_incomplete,
    benchmarkCount: input.benchmark_count,
    multipleFilters: input.multiple_filters,
    hideRiskyFilters: input.hide_risky_filters,
    hideEmptyFilters: input.hide_empty_filters,
    minN: input.min_n,
    protection: input.protection,
    languages: input.languages,
    pdfExport: input.pdf_export,
    directAccess: input.direct_access,
    statusId: input.status_id,
    weightingId: 'weighting_id' in input ? input.weighting_id : undefined,
  };
}

/** The settings of `base` with those the body gives (null included) laid over them. */
export function settingsOver(base: ReportRow, input: ReportInput | ReportUpdate) {
  const given = reportColumns(input);
  return Object.fromEntries(SETTINGS.map((key) => [key, given[key] === undefined ? base[key] : given[key]])) as Pick<ReportRow, (typeof SETTINGS)[number]>;
}
