import { type Bitset, and, clipToRange, or, rangeBitset } from './bitset';
import { AnalyticsError, type Cube, universeBits } from './cube';
import { type FilterCondition, conditionsBitset } from './conditions';
import { type DateRules, FREE_DATES, type TimeDomain, effectiveRange, timeDomain } from './dates';
import { type Granularity, rowRange } from './days';

/** Filter option of spec 001 §3: a named set of conditions, in a category. */
export interface FilterOption {
  id: number;
  categoryId: number;
  conditions: FilterCondition[];
}

/** Filter category: options are OR-ed, categories AND-ed. */
export interface FilterCategory {
  id: number;
  options: FilterOption[];
}

/** One benchmark as the client sends it (spec 001 §3): days are inclusive; null = report default. */
export interface BenchmarkInput {
  label: string;
  start?: number | null;
  end?: number | null;
  filterOptionIds: number[];
}

/** A benchmark compiled against a cube: rows [lo, hi) of its date range, bits zero outside. */
export interface Group {
  label: string;
  /** Effective inclusive day range (after report defaults; open ends fall back to the data). */
  startDay: number;
  endDay: number;
  lo: number;
  hi: number;
  bits: Bitset;
  /** The same selection over the whole time domain (the neighbour rule steps outside the range). */
  sel: Bitset;
  /** Chosen option ids per category id, in catalogue order. */
  selection: Map<number, number[]>;
}

const optionCache = new WeakMap<Cube, Map<string, Bitset>>();

/** Rows matching a filter option (over the whole cube), cached per cube by its conditions. */
export function optionBitset(cube: Cube, option: FilterOption): Bitset {
  let cache = optionCache.get(cube);
  if (!cache) optionCache.set(cube, (cache = new Map()));
  const key = JSON.stringify(option.conditions);
  let bits = cache.get(key);
  if (!bits) {
    if (cache.size > 4096) cache.clear();
    bits = conditionsBitset(cube, option.conditions);
    cache.set(key, bits);
  }
  return bits;
}

export function findOptions(catalog: FilterCategory[]): Map<number, FilterOption> {
  const byId = new Map<number, FilterOption>();
  for (const cat of catalog) for (const o of cat.options) byId.set(o.id, { ...o, categoryId: cat.id });
  return byId;
}

/** Groups chosen option ids by category (catalogue order); unknown ids are refused. */
export function selectionOf(catalog: FilterCategory[], optionIds: number[]): Map<number, number[]> {
  const chosen = new Set(optionIds);
  const known = findOptions(catalog);
  for (const id of chosen) if (!known.has(id)) throw new AnalyticsError('BAD_INPUT', `unknown filter option ${id}`);
  const selection = new Map<number, number[]>();
  for (const cat of catalog) {
    const ids = cat.options.filter((o) => chosen.has(o.id)).map((o) => o.id);
    if (ids.length) selection.set(cat.id, ids);
  }
  return selection;
}

/** Effective day range: benchmark dates, else the report's, else the data's first/last day. */
export function dayRange(cube: Cube, start: number | null | undefined, end: number | null | undefined, report: { startDay?: number | null; endDay?: number | null }): [number, number] {
  const first = cube.rowCount ? cube.days[0]! : 0;
  const last = cube.rowCount ? cube.days[cube.rowCount - 1]! : 0;
  return [start ?? report.startDay ?? first, end ?? report.endDay ?? last];
}

/** The report settings that decide which rows and ranges exist (see dates.ts). */
export interface ReportScope {
  startDay?: number | null;
  endDay?: number | null;
  /** date_filter (default true here: free dates, for callers without report rules). */
  dateFilter?: boolean;
  /** The report's date granularity (default 'day' here; reports default to month). */
  dateGranularity?: Granularity;
  /** Count unfinished responses too (default: completed responses only). */
  includeIncomplete?: boolean;
  /**
   * How small groups are protected (report setting `protection`): `suppress` (default) — R1 and the
   * neighbour rules, exact numbers; `cellkey` — R1 and consistent perturbation (analytics/cellkey).
   */
  protection?: Protection;
}

export type Protection = 'suppress' | 'cellkey';

/** What every group of one request shares: the date rules, the span that exists and the rows counted at all. */
export interface Frame {
  rules: DateRules;
  reportRange: [number, number];
  domain: TimeDomain;
  /** Completed responses (or all with include-incomplete), within the domain. */
  universe: Bitset;
}

export function frameOf(cube: Cube, report: ReportScope): Frame {
  const rules: DateRules = { dateFilter: report.dateFilter ?? FREE_DATES.dateFilter, granularity: report.dateGranularity ?? FREE_DATES.granularity };
  const reportRange = dayRange(cube, null, null, report);
  const domain = timeDomain(cube, rules, reportRange);
  const universe = clipToRange(Uint32Array.from(universeBits(cube, report.includeIncomplete)), domain.lo, domain.hi);
  return { rules, reportRange, domain, universe };
}

/** Rows of the universe that match every category of the selection (OR within a category), over the whole domain. */
export function selectionAll(cube: Cube, catalog: FilterCategory[], selection: Map<number, number[]>, universe: Bitset): Bitset {
  const bits = Uint32Array.from(universe);
  const byId = findOptions(catalog);
  for (const ids of selection.values()) {
    let any: Bitset | null = null;
    for (const id of ids) {
      const ob = optionBitset(cube, byId.get(id)!);
      any = any ? or(any, ob, any) : Uint32Array.from(ob);
    }
    if (any) and(bits, any, bits);
  }
  return bits;
}

/** Rows of [lo, hi) in the universe that match every category of the selection. */
export function selectionBitset(cube: Cube, catalog: FilterCategory[], selection: Map<number, number[]>, lo: number, hi: number, universe?: Bitset): Bitset {
  return clipToRange(selectionAll(cube, catalog, selection, universe ?? rangeBitset(cube.rowCount, lo, hi)), lo, hi);
}

/**
 * A benchmark compiled under the frame: its range follows the date rules (the report period, or
 * snapped to whole periods), its rows are those of the universe matching the selection.
 */
export function compileBenchmark(cube: Cube, catalog: FilterCategory[], input: BenchmarkInput, report: ReportScope, frame: Frame = frameOf(cube, report)): Group {
  const [start, end] = dayRange(cube, input.start, input.end, report);
  const [startDay, endDay] = effectiveRange(frame.rules, start, end, frame.reportRange);
  const { lo, hi } = rowRange(cube, startDay, endDay);
  const selection = selectionOf(catalog, input.filterOptionIds);
  const sel = selectionAll(cube, catalog, selection, frame.universe);
  return { label: input.label, startDay, endDay, lo, hi, bits: clipToRange(Uint32Array.from(sel), lo, hi), sel, selection };
}
