import { type DateGranularity, snapIso } from '../../shared/date-periods';
import { LABEL_MAX, letter } from '../../shared/benchmark-names';

// The naming rule is shared with the PDF export (server), which names benchmarks the same way.
export { LABEL_MAX, type NamingCatalog, displayNames, letter } from '../../shared/benchmark-names';

/**
 * Benchmark rules of spec 001 §3/§4, pure (the store and the tests share them). A benchmark's
 * empty label means "the letter of its position"; null dates mean "the report's start/end".
 */
export interface Benchmark {
  label: string;
  start: string | null;
  end: string | null;
  filterOptions: number[];
}

/** What the benchmark rules need to know about the report. */
export interface ReportLimits {
  benchmarkCount: number;
  /** The report period; with the date filter on already snapped to whole periods (the server's default range). */
  startDate: string | null;
  endDate: string | null;
  /** date_filter: off = only the report period exists (no date fields, no dates sent). Default off. */
  dateFilter?: boolean;
  /** The unit dates snap to with the date filter on (default month). */
  dateGranularity?: DateGranularity;
}

/**
 * The report's date rule applied to a list (store entry points: URL, bookmark, edits): without the
 * date filter no benchmark has dates of its own; with it dates are whole periods, as the server
 * uses them (so the menu shows what the charts show).
 */
export function conformDates(list: readonly Benchmark[], limits: ReportLimits): readonly Benchmark[] {
  const g = limits.dateGranularity ?? 'month';
  const snap = (iso: string | null, edge: 'start' | 'end') => (!iso ? null : limits.dateFilter ? snapIso(iso, g, edge) : null);
  return list.map((b) => {
    const start = snap(b.start, 'start');
    const end = snap(b.end, 'end');
    return start === b.start && end === b.end ? b : { ...b, start, end };
  });
}


export const emptyBenchmark = (): Benchmark => ({ label: '', start: null, end: null, filterOptions: [] });

export const labelOf = (b: Benchmark, index: number): string => b.label.trim() || letter(index);

/** At least one benchmark always; at most benchmark_count (a report may allow only 1). */
export const maxBenchmarks = (limits: ReportLimits) => Math.max(1, limits.benchmarkCount);
export const canAdd = (list: readonly Benchmark[], limits: ReportLimits) => list.length < maxBenchmarks(limits);

export function addBenchmark(list: readonly Benchmark[], limits: ReportLimits): readonly Benchmark[] {
  return canAdd(list, limits) ? [...list, emptyBenchmark()] : list;
}

export function removeBenchmark(list: readonly Benchmark[], index: number): readonly Benchmark[] {
  if (list.length <= 1) return [emptyBenchmark()];
  return list.filter((_, i) => i !== index);
}

/** 'Remove all' leaves one empty benchmark (spec 001 §4). */
export const removeAll = (): readonly Benchmark[] => [emptyBenchmark()];

export function moveBenchmark(list: readonly Benchmark[], index: number, delta: -1 | 1): readonly Benchmark[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

export function updateBenchmark(list: readonly Benchmark[], index: number, patch: Partial<Benchmark>): readonly Benchmark[] {
  return list.map((b, i) => (i === index ? { ...b, ...patch, label: (patch.label ?? b.label).slice(0, LABEL_MAX) } : b));
}

export function toggleOption(list: readonly Benchmark[], index: number, optionId: number): readonly Benchmark[] {
  return list.map((b, i) => {
    if (i !== index) return b;
    const has = b.filterOptions.includes(optionId);
    return { ...b, filterOptions: has ? b.filterOptions.filter((o) => o !== optionId) : [...b.filterOptions, optionId].sort((x, y) => x - y) };
  });
}

/** Dates the inputs show: the benchmark's own or the report's. */
export const startOf = (b: Benchmark, limits: ReportLimits) => b.start ?? limits.startDate;
export const endOf = (b: Benchmark, limits: ReportLimits) => b.end ?? limits.endDate;

/** A date equal to the report's default is stored as null, so equal views compare equal. */
export function normalise(list: readonly Benchmark[], limits: ReportLimits): readonly Benchmark[] {
  return list.map((b, i) => ({
    label: b.label.trim() === letter(i) ? '' : b.label.trim(),
    start: b.start && b.start !== limits.startDate ? b.start : null,
    end: b.end && b.end !== limits.endDate ? b.end : null,
    filterOptions: [...new Set(b.filterOptions)].sort((x, y) => x - y),
  }));
}

export function sameBenchmarks(a: readonly Benchmark[], b: readonly Benchmark[], limits: ReportLimits): boolean {
  return JSON.stringify(normalise(a, limits)) === JSON.stringify(normalise(b, limits));
}

/** The data/export call's body: labels resolved to letters, dates left to the server's defaults. */
export function toRequest(list: readonly Benchmark[]) {
  return list.map((b, i) => ({ label: labelOf(b, i), start: b.start, end: b.end, filterOptions: b.filterOptions }));
}

/** Below two benchmarks the menu is plain filters; two or more are labelled benchmarks. */
export const isPlainFilters = (list: readonly Benchmark[]) => list.length < 2;
