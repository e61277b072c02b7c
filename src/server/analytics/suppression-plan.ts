import { type Bitset, andNot, clipToRange, countRange, rangeBitset } from './bitset';
import { type FilterCategory, type Group, rowRange, selectionBitset } from './benchmarks';
import { AnalyticsError, type Cube } from './cube';
import { type Granularity, periodIndex, periodStart } from './days';

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

/** A group anyone can obtain with one edit of a benchmark: a superset (diff = ref ∖ W) or a subset (diff = W ∖ ref). */
export interface RefDiff extends Diff {
  superset: boolean;
}

/** A calendar period of a benchmark; its rows are the benchmark's bits within [lo, hi). */
export interface Bucket {
  period: number;
  startDay: number;
  endDay: number;
  lo: number;
  hi: number;
}

/**
 * Everything the differencing rule compares, built once per request; per data location only
 * capped counts of these differences against the "answered" bitset remain.
 * - `wholes`: the benchmarks; `buckets`: their time buckets;
 * - `refs[b]`: groups obtainable with one edit of benchmark b — the unfiltered total of its range,
 *   b with one category dropped (supersets), b with one chosen option removed (subsets);
 * - `pairs[b][c]`: W_b ∖ W_c; `outside[b][c]`: W_b outside c's range; `inside[b][c]`: the
 *   unfiltered total of c's range minus W_b (null when c has b's range: refs[b] covers it).
 */
export interface SuppressionPlan {
  rowCount: number;
  all: Bitset;
  wholes: RowSet[];
  buckets: Bucket[][];
  refs: RefDiff[][];
  pairs: Diff[][];
  outside: (Diff | null)[][];
  inside: (Diff | null)[][];
}

export const MAX_BUCKETS = 2000;

function diff(bits: Bitset, lo: number, hi: number): Diff {
  return { bits, lo, hi, empty: countRange(bits, lo, hi) === 0 };
}

export function buildPlan(cube: Cube, catalog: FilterCategory[], groups: Group[], buckets: Bucket[][]): SuppressionPlan {
  const n = cube.rowCount;
  const all = rangeBitset(n, 0, n);
  const refs = groups.map((g): RefDiff[] => {
    const out: RefDiff[] = [{ ...diff(andNot(rangeBitset(n, g.lo, g.hi), g.bits), g.lo, g.hi), superset: true }];
    if (g.selection.size > 1) {
      for (const cat of g.selection.keys()) {
        const without = new Map([...g.selection].filter(([c]) => c !== cat));
        out.push({ ...diff(andNot(selectionBitset(cube, catalog, without, g.lo, g.hi), g.bits), g.lo, g.hi), superset: true });
      }
    }
    for (const [cat, ids] of g.selection) {
      if (ids.length < 2) continue;
      for (const id of ids) {
        const fewer = new Map(g.selection).set(cat, ids.filter((x) => x !== id));
        out.push({ ...diff(andNot(g.bits, selectionBitset(cube, catalog, fewer, g.lo, g.hi)), g.lo, g.hi), superset: false });
      }
    }
    return out;
  });
  const pairs = groups.map((a) => groups.map((b) => diff(andNot(a.bits, b.bits), a.lo, a.hi)));
  const sameRange = (a: Group, b: Group) => a.lo === b.lo && a.hi === b.hi;
  const outside = groups.map((a) => groups.map((b) => (sameRange(a, b) ? null : diff(andNot(a.bits, rangeBitset(n, b.lo, b.hi)), a.lo, a.hi))));
  const inside = groups.map((a) => groups.map((b) => (sameRange(a, b) ? null : diff(clipToRange(andNot(all, a.bits), b.lo, b.hi), b.lo, b.hi))));
  return { rowCount: n, all, wholes: groups.map((g) => ({ bits: g.bits, lo: g.lo, hi: g.hi })), buckets, refs, pairs, outside, inside };
}

/** Calendar buckets of a benchmark from max(granularityStartDay, benchmark start) to its end, clipped to that span. */
export function bucketsOf(cube: Cube, group: Group, g: Granularity, granularityStartDay: number | null | undefined): Bucket[] {
  const from = Math.max(granularityStartDay ?? group.startDay, group.startDay);
  const to = group.endDay;
  if (to < from) return [];
  const p0 = periodIndex(from, g);
  const p1 = periodIndex(to, g);
  if (p1 - p0 + 1 > MAX_BUCKETS) throw new AnalyticsError('BAD_INPUT', `more than ${MAX_BUCKETS} time buckets`);
  const out: Bucket[] = [];
  for (let p = p0; p <= p1; p++) {
    const startDay = Math.max(periodStart(p, g), from);
    const endDay = Math.min(periodStart(p + 1, g) - 1, to);
    out.push({ period: p, startDay, endDay, ...rowRange(cube, startDay, endDay) });
  }
  return out;
}

