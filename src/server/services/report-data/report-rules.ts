import { type ReportScope, dayFromIso } from '../../analytics';
import { AppError } from '../../errors';
import { formatDate } from '../../../shared/format';
import { reportDatesNl } from '../../../shared/i18n/report-dates';
import { MIN_N_FLOOR } from '../../../shared/validation/reports';
import type { ReportRow } from '../reports/access';

const day = (iso: string | null | undefined) => (iso ? dayFromIso(iso) : null);

/**
 * The report settings every engine call uses (staff data, public data and page, menu counts, R
 * charts, PDF, assistant): period, date rule, date granularity, completed-only, min_n (never
 * below the floor, whatever an old row says), multiple_filters and the protection mode.
 */
export function reportScope(report: ReportRow): ReportScope & { minN: number; multipleFilters: number | null } {
  return {
    startDay: day(report.startDate),
    endDay: day(report.endDate),
    dateFilter: report.dateFilter,
    dateGranularity: report.dateGranularity,
    includeIncomplete: report.includeIncomplete,
    minN: Math.max(report.minN, MIN_N_FLOOR),
    multipleFilters: report.multipleFilters,
    protection: report.protection === 'cellkey' ? 'cellkey' : 'suppress',
  };
}

/**
 * Without the date filter only the report period exists: a date other than the report's own is
 * refused (Dutch 422 on `field`). With it the engine snaps dates to whole periods.
 */
export function refuseOtherDates(report: ReportRow, ranges: { start?: string | null; end?: string | null }[], field: string): void {
  if (report.dateFilter) return;
  if (ranges.every((r) => (!r.start || r.start === report.startDate) && (!r.end || r.end === report.endDate))) return;
  const message = reportDatesNl.noDateFilter(report.startDate ? formatDate(report.startDate) : '…', formatDate(report.endDate));
  throw new AppError('VALIDATION', message, { [field]: [message] });
}
