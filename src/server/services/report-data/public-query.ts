import type { ReportDataBody } from '../../../shared/validation/report-data';
import { publicReportNl } from '../../../shared/i18n/charts';
import { type DateGranularity, snapIso } from '../../../shared/date-periods';

/** The GET parameters of the public page: period (van/tot) and a filter option to compare with. */
export interface PublicQuery {
  van: string | null;
  tot: string | null;
  vergelijk: number | null;
}

// A real calendar day only (2026-02-30 is not): the date must survive a round trip.
const isoDate = (v: string | null) => {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v ? v : null;
};

/** Reads the query; malformed values are dropped (the page shows the report's defaults instead). */
export function readPublicQuery(params: URLSearchParams): PublicQuery {
  const id = params.get('vergelijk') ?? '';
  return { van: isoDate(params.get('van')), tot: isoDate(params.get('tot')), vergelijk: /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null };
}

/**
 * The query as the report's date rule reads it: without the date filter the period can't be chosen
 * (van/tot dropped); with it both ends snap to whole periods. Equal views get equal cache keys.
 */
export function applyDateRule(q: PublicQuery, report: { dateFilter: boolean; dateGranularity: DateGranularity }): PublicQuery {
  if (!report.dateFilter) return { ...q, van: null, tot: null };
  return { ...q, van: q.van && snapIso(q.van, report.dateGranularity, 'start'), tot: q.tot && snapIso(q.tot, report.dateGranularity, 'end') };
}

/**
 * Benchmark A is every respondent in the period; B (when asked, the option exists and the report
 * allows two benchmarks) the respondents of one filter option in the same period.
 */
export function publicBenchmarks(q: PublicQuery, report: { benchmarkCount: number }, known: Set<number>, compare: { options: { id: number; label: string }[] }[]): ReportDataBody['benchmarks'] {
  const period = { start: q.van, end: q.tot };
  const all = { label: publicReportNl.everyone, ...period, filterOptions: [] };
  if (q.vergelijk === null || !known.has(q.vergelijk) || report.benchmarkCount < 2) return [all];
  const label = compare.flatMap((c) => c.options).find((o) => o.id === q.vergelijk)?.label ?? 'B';
  return [all, { label: label.slice(0, 60), ...period, filterOptions: [q.vergelijk] }];
}
