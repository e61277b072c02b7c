import { type DateGranularity, snapIso } from '../../shared/date-periods';

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

export const LABEL_MAX = 60;

export const emptyBenchmark = (): Benchmark => ({ label: '', start: null, end: null, filterOptions: [] });

/** A, B, … Z, AA, AB … by position. */
export function letter(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

export const labelOf = (b: Benchmark, index: number): string => b.label.trim() || letter(index);

/** Option labels of the report's filters, as the menu loaded them (id → label, category order). */
export interface NamingCatalog {
  options: { id: number; label: string }[];
}

/**
 * What legends, tables and the PDF call each benchmark: its own label, else what it is — 'Alle
 * respondenten' without filters, else its options' labels ('18 t/m 34 jaar, Centrum'). Names that
 * would repeat get the position letter, so two series never read the same.
 */
export function displayNames(list: readonly Benchmark[], catalog: readonly NamingCatalog[], everyone = 'Alle respondenten'): string[] {
  const labels = new Map(catalog.flatMap((c) => c.options.map((o) => [o.id, o.label] as const)));
  const raw = list.map((b, i) => {
    const own = b.label.trim();
    if (own && own !== letter(i)) return own;
    if (!b.filterOptions.length) return everyone;
    const parts = b.filterOptions.map((id) => labels.get(id));
    return parts.every(Boolean) ? (parts.join(', ').length > LABEL_MAX ? `${parts.join(', ').slice(0, LABEL_MAX - 1)}…` : parts.join(', ')) : letter(i);
  });
  return raw.map((name, i) => (raw.indexOf(name) !== raw.lastIndexOf(name) && name !== letter(i) ? `${name} (${letter(i)})` : name));
}

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
