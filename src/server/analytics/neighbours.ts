import { type Bitset, and, andCountCapped, edgeMask, firstRowFrom, lastRowBefore, or, popcount32 } from './bitset';
import { type FilterCategory, type Frame, type Group, findOptions, optionBitset } from './benchmarks';
import type { Cube } from './cube';
import { unitRows } from './dates';

/**
 * The neighbour rule (README "Analytics engine: small groups and differencing"). A group is a
 * range (whole units, see dates.ts) and a selection of filter options. Its *neighbours* are the
 * groups anyone can obtain with one step:
 *
 * selection, same range (this file builds their differences as bitsets once per request):
 *  - `drop`          one filter category removed (superset)
 *  - `add-option`    one option added to a chosen category (superset)
 *  - `none`          "none of the options" added to a chosen category: nobody can choose it, but
 *                    the category's total minus its options gives it (superset)
 *  - `total`         the unfiltered total of the range (superset)
 *  - `remove-option` one option removed from a category with two or more (subset)
 *  - `add-category`  a category not yet used, with one option (subset)
 * time, same selection (counted directly, rangeLeak): the range extended or shrunk at either end
 *  by the nearest unit that holds someone (an empty unit changes nothing, so it is not a step).
 *
 * A released group may differ from none of them by 1 … m−1 people (counted in the effective set:
 * members, or members who answered the question). The check depends only on the group's own
 * definition, so every request, staff or public, decides it the same way.
 */
export type NeighbourKind = 'drop' | 'add-option' | 'none' | 'total' | 'remove-option' | 'add-category';

/**
 * The rows one group has and the other lacks, within [lo, hi), as pos₁ ∧ pos₂ ∧ ¬neg₁ ∧ ¬neg₂ of
 * bitsets the request already holds (option and selection bitsets): nothing is allocated per
 * neighbour, and counting stops at min_n (diffCountCapped).
 */
export interface NeighbourDiff {
  kind: NeighbourKind;
  pos: Bitset;
  pos2: Bitset | null;
  neg: Bitset;
  neg2: Bitset | null;
  /** Rows [lo, hi) hold every row of the difference (tightened to its first and last word; lo = hi when it has none). */
  lo: number;
  hi: number;
  /** The neighbour is a superset (it widens the selection). */
  widening: boolean;
}

/** The fused word w of a difference (without the effective set). */
const word = (d: Pick<NeighbourDiff, 'pos' | 'pos2' | 'neg' | 'neg2'>, w: number) => {
  let x = d.pos[w]! & ~d.neg[w]!;
  if (d.pos2) x &= d.pos2[w]!;
  if (d.neg2) x &= ~d.neg2[w]!;
  return x;
};

/** Narrows [lo, hi) to the words where the difference has rows: an empty difference costs one scan per request, not one per question. */
function tighten(d: NeighbourDiff): NeighbourDiff {
  if (d.hi <= d.lo) return d;
  const w0 = d.lo >>> 5;
  const w1 = (d.hi - 1) >>> 5;
  let a = w0;
  while (a <= w1 && (word(d, a) & (a === w0 || a === w1 ? edgeMask(a, d.lo, d.hi) : -1)) === 0) a++;
  if (a > w1) return { ...d, hi: d.lo };
  let b = w1;
  while ((word(d, b) & (b === w0 || b === w1 ? edgeMask(b, d.lo, d.hi) : -1)) === 0) b--;
  return { ...d, lo: Math.max(d.lo, a << 5), hi: Math.min(d.hi, (b + 1) << 5) };
}

/** min(|pos ∧ pos2 ∧ ¬neg ∧ ¬neg2 ∧ A| over rows [lo, hi), cap), stopping once cap is reached. */
export function diffCountCapped(d: NeighbourDiff, A: Bitset, from: number, to: number, cap: number): number {
  const lo = Math.max(from, d.lo);
  const hi = Math.min(to, d.hi);
  if (hi <= lo || cap <= 0) return 0;
  const { pos, pos2, neg, neg2 } = d;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  let n = 0;
  for (let w = w0; w <= w1 && n < cap; w++) {
    let x = A[w]! & pos[w]! & ~neg[w]!;
    if (pos2) x &= pos2[w]!;
    if (neg2) x &= ~neg2[w]!;
    if (x === 0) continue;
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    n += popcount32(x);
  }
  return n < cap ? n : cap;
}

const unionCache = new WeakMap<Cube, Map<string, Bitset>>();

/** Rows matching any option of a category (over the whole cube), cached per cube. */
function categoryUnion(cube: Cube, cat: FilterCategory): Bitset {
  let cache = unionCache.get(cube);
  if (!cache) unionCache.set(cube, (cache = new Map()));
  const key = JSON.stringify(cat.options.map((o) => o.conditions));
  let bits = cache.get(key);
  if (!bits) {
    if (cache.size > 1024) cache.clear();
    bits = new Uint32Array((cube.rowCount + 31) >>> 5);
    for (const o of cat.options) or(bits, optionBitset(cube, { ...o, categoryId: cat.id }), bits);
    cache.set(key, bits);
  }
  return bits;
}

/** The selection differences of a group's neighbours, within its range; built once per request. */
export function neighbourDiffs(cube: Cube, catalog: FilterCategory[], g: Group, frame: Frame): NeighbourDiff[] {
  const { lo, hi } = g;
  const out: NeighbourDiff[] = [];
  const push = (kind: NeighbourKind, widening: boolean, pos: Bitset, neg: Bitset, pos2: Bitset | null = null, neg2: Bitset | null = null) => {
    const d = tighten({ kind, pos, pos2, neg, neg2, lo, hi, widening });
    if (d.hi > d.lo) out.push(d);
  };
  const byId = findOptions(catalog);
  const bitsOf = (id: number) => optionBitset(cube, byId.get(id)!);
  const union = (ids: number[]) => (ids.length === 1 ? bitsOf(ids[0]!) : ids.reduce<Bitset>((acc, id) => or(acc, bitsOf(id), acc), new Uint32Array((cube.rowCount + 31) >>> 5)));
  const chosen = new Map([...g.selection].map(([c, ids]) => [c, union(ids)]));
  for (const cat of catalog) {
    const ids = g.selection.get(cat.id);
    if (!ids) {
      // A category not used yet: the group narrowed to one of its options (S ∖ o).
      for (const o of cat.options) push('add-category', false, g.bits, optionBitset(cube, { ...o, categoryId: cat.id }));
      continue;
    }
    // The group without this category's restriction ("rest") and what the category takes out of it.
    let rest: Bitset = frame.universe;
    if (chosen.size > 1) {
      rest = Uint32Array.from(frame.universe);
      for (const [c, u] of chosen) if (c !== cat.id) and(rest, u, rest);
    }
    const mine = chosen.get(cat.id)!;
    push('drop', true, rest, mine);
    push('none', true, rest, mine, null, categoryUnion(cube, cat));
    for (const o of cat.options) if (!ids.includes(o.id)) push('add-option', true, rest, mine, optionBitset(cube, { ...o, categoryId: cat.id }));
    if (ids.length > 1) for (const id of ids) push('remove-option', false, g.bits, union(ids.filter((x) => x !== id)));
  }
  push('total', true, frame.universe, g.bits);
  return out;
}

const leak = (n: number, m: number) => n > 0 && n < m;

/**
 * The time steps of a group (rows of `sel` within [lo, hi), effective set sel ∩ A): extended
 * or shrunk at either end by the nearest unit that holds a member. Returns whether one of them
 * differs by 1 … m−1. Units outside the time domain do not exist.
 */
export function rangeLeak(cube: Cube, frame: Frame, sel: Bitset, A: Bitset, lo: number, hi: number, m: number): boolean {
  const d = frame.domain;
  if (hi <= lo) return false;
  // Extend at the start: the unit of the last member before the range.
  const before = lastRowBefore(sel, A, d.lo, lo);
  if (before >= 0 && leak(andCountCapped(sel, A, unitRows(cube, d, before).lo, lo, m), m)) return true;
  // Extend at the end: the unit of the first member after it.
  const after = firstRowFrom(sel, A, hi, d.hi);
  if (after >= 0 && leak(andCountCapped(sel, A, hi, unitRows(cube, d, after).hi, m), m)) return true;
  // Shrink at the start / end: the first / last unit inside the range that holds a member.
  const first = firstRowFrom(sel, A, lo, hi);
  if (first < 0) return false;
  if (leak(andCountCapped(sel, A, lo, Math.min(hi, unitRows(cube, d, first).hi), m), m)) return true;
  const last = lastRowBefore(sel, A, lo, hi);
  return leak(andCountCapped(sel, A, Math.max(lo, unitRows(cube, d, last).lo), hi, m), m);
}

/** Whether a selection neighbour of a group (restricted to rows [lo, hi)) differs by 1 … m−1 in A. */
export function selectionLeak(diffs: NeighbourDiff[], A: Bitset, lo: number, hi: number, m: number): boolean {
  for (const d of diffs) if (leak(diffCountCapped(d, A, lo, hi, m), m)) return true;
  return false;
}
