import { type Bitset, andNot, clipToRange, countRange, rangeBitset } from './bitset';
import { type FilterCategory, type Frame, type Group } from './benchmarks';
import { AnalyticsError, type Cube } from './cube';
import { GRANULARITIES, alignsWith, snapStart } from './dates';
import { type Granularity, periodIndex, periodStart, rowRange } from './days';
import { type NeighbourDiff, neighbourDiffs } from './neighbours';

/** A row set: rows of `bits` within [lo, hi). */
export interface RowSet {
  bits: Bitset;
  lo: number;
  hi: number;
}

/** The rows one group has and another lacks; `empty` when there are none at all (so none who answered either). */
export interface Diff extends RowSet {
  empty: boolean;
}

/** A calendar period of a benchmark; its rows are the benchmark's bits within [lo, hi). */
export interface Bucket {
  period: number;
  startDay: number;
  endDay: number;
  lo: number;
  hi: number;
  /**
   * Date filter off only: the obtainable ranges that hold this bucket — the periods of coarser
   * trend granularities around it and the report period (rows [lo, hi) each).
   */
  containers?: { lo: number; hi: number }[];
}

/**
 * Everything the differencing rule compares, built once per request; per data location only
 * capped counts of these differences against the "answered" bitset remain.
 * - `wholes`: the benchmarks; `buckets`: their time buckets;
 * - `neighbours[b]`: the selection differences of benchmark b's neighbours (neighbours.ts), also
 *   used for its buckets (restricted to the bucket's rows); `sels[b]`: its selection over the
 *   whole time domain (for the time steps);
 * - `pairs[b][c]`: W_b ∖ W_c; `outside[b][c]`: W_b outside c's range; `inside[b][c]`: the
 *   unfiltered total of c's range minus W_b (null when c has b's range: refs[b] covers it).
 */
export interface SuppressionPlan {
  rowCount: number;
  cube: Cube;
  frame: Frame;
  /** The universe (completed responses, within the time domain). */
  all: Bitset;
  wholes: RowSet[];
  buckets: Bucket[][];
  neighbours: NeighbourDiff[][];
  sels: Bitset[];
  pairs: Diff[][];
  outside: (Diff | null)[][];
  inside: (Diff | null)[][];
}

export const MAX_BUCKETS = 2000;

function diff(bits: Bitset, lo: number, hi: number): Diff {
  return { bits, lo, hi, empty: countRange(bits, lo, hi) === 0 };
}

export function buildPlan(cube: Cube, catalog: FilterCategory[], groups: Group[], buckets: Bucket[][], frame: Frame): SuppressionPlan {
  const n = cube.rowCount;
  const all = frame.universe;
  const pairs = groups.map((a) => groups.map((b) => diff(andNot(a.bits, b.bits), a.lo, a.hi)));
  const sameRange = (a: Group, b: Group) => a.lo === b.lo && a.hi === b.hi;
  const outside = groups.map((a) => groups.map((b) => (sameRange(a, b) ? null : diff(andNot(a.bits, rangeBitset(n, b.lo, b.hi)), a.lo, a.hi))));
  const inside = groups.map((a) => groups.map((b) => (sameRange(a, b) ? null : diff(clipToRange(andNot(all, a.bits), b.lo, b.hi), b.lo, b.hi))));
  return {
    rowCount: n,
    cube,
    frame,
    all,
    wholes: groups.map((g) => ({ bits: g.bits, lo: g.lo, hi: g.hi })),
    buckets,
    neighbours: groups.map((g) => neighbourDiffs(cube, catalog, g, frame)),
    sels: groups.map((g) => g.sel),
    pairs,
    outside,
    inside,
  };
}

/**
 * Calendar buckets of a benchmark from max(granularityStartDay, benchmark start) to its end,
 * clipped to that span. The caller has aligned g with the frame's date granularity; the start day
 * is snapped to a unit, so every bucket is a union of whole units.
 */
export function bucketsOf(cube: Cube, group: Group, g: Granularity, granularityStartDay: number | null | undefined, frame?: Frame): Bucket[] {
  const G = frame?.rules.granularity ?? 'day';
  const from = Math.max(granularityStartDay == null ? group.startDay : snapStart(granularityStartDay, G), group.startDay);
  const to = group.endDay;
  if (to < from) return [];
  const p0 = periodIndex(from, g);
  const p1 = periodIndex(to, g);
  if (p1 - p0 + 1 > MAX_BUCKETS) throw new AnalyticsError('BAD_INPUT', `more than ${MAX_BUCKETS} time buckets`);
  const out: Bucket[] = [];
  for (let p = p0; p <= p1; p++) {
    const startDay = Math.max(periodStart(p, g), from);
    const endDay = Math.min(periodStart(p + 1, g) - 1, to);
    const bucket: Bucket = { period: p, startDay, endDay, ...rowRange(cube, startDay, endDay) };
    if (frame && !frame.rules.dateFilter) bucket.containers = containersOf(cube, frame, g, p);
    out.push(bucket);
  }
  return out;
}

/** Date filter off: the report period and the coarser trend periods (aligned with g and G) around period p of g. */
function containersOf(cube: Cube, frame: Frame, g: Granularity, p: number): { lo: number; hi: number }[] {
  const { startDay, endDay, lo, hi } = frame.domain;
  const start = periodStart(p, g);
  const out = [{ lo, hi }];
  for (const h of GRANULARITIES) {
    if (h === g || !alignsWith(h, g) || !alignsWith(h, frame.rules.granularity)) continue;
    const q = periodIndex(start, h);
    const s = Math.max(periodStart(q, h), startDay);
    const e = Math.min(periodStart(q + 1, h) - 1, endDay);
    if (e >= s) out.push(rowRange(cube, s, e));
  }
  return out;
}

