import type { ReportDataBody } from '../../../shared/validation/report-data';
import { publicReportNl } from '../../../shared/i18n/charts';
import { type DateGranularity, snapIso } from '../../../shared/date-periods';

/** The GET parameters of the public page: period (van/tot) and the filter options to compare with (one each). */
export interface PublicQuery {
  van: string | null;
  tot: string | null;
  /** `vergelijk` may repeat: up to benchmark_count − 1 groups beside all respondents. */
  vergelijk: number[];
}

/** More than any report's comparison groups; the rest of a longer list is dropped. */
const MAX_COMPARE = 9;

// A real calendar day only (2026-02-30 is not): the date must survive a round trip.
const isoDate = (v: string | null) => {
  if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v ? v : null;
};

/** Reads the query; malformed values are dropped (the page shows the report's defaults instead). */
export function readPublicQuery(params: URLSearchParams): PublicQuery {
  const ids = params.getAll('vergelijk').filter((id) => /^\d{1,9}$/.test(id) && Number(id) > 0).map(Number);
  return { van: isoDate(params.get('van')), tot: isoDate(params.get('tot')), vergelijk: [...new Set(ids)].slice(0, MAX_COMPARE) };
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
 * The first benchmark is every respondent in the period; then, as asked, one per filter option
 * (known to the page) in the same period, up to the report's benchmark_count in all — the same
 * limit as the staff view's menu (spec 001: at most benchmark_count benchmarks).
 */
export function publicBenchmarks(q: PublicQuery, report: { benchmarkCount: number }, known: Set<number>, compare: { options: { id: number; label: string }[] }[]): ReportDataBody['benchmarks'] {
  const period = { start: q.van, end: q.tot };
  const all = { label: publicReportNl.everyone, ...period, filterOptions: [] };
  const labels = new Map(compare.flatMap((c) => c.options).map((o) => [o.id, o.label] as const));
  const ids = q.vergelijk.filter((id) => known.has(id)).slice(0, Math.max(0, report.benchmarkCount - 1));
  return [all, ...ids.map((id) => ({ label: (labels.get(id) ?? String(id)).slice(0, 60), ...period, filterOptions: [id] }))];
}
