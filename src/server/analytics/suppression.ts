import { type Bitset, and3CountCapped, and3CountRange, andCountCapped, andCountRange, countRange } from './bitset';
import { type NeighbourDiff, diffCountCapped, rangeLeak, selectionLeak } from './neighbours';
import type { Bucket, Diff, SuppressionPlan } from './suppression-plan';
import type { SuppressionReason } from './types';

/**
 * Suppression rule (server-side; README section "Kleine groepen en differencing"). Every rule works
 * on the effective row set E(X) of a group X: its members (group pass, answered = null) or its
 * members who answered the data location's question (per data-location pass). With m = min_n:
 *
 * R1 size: X is suppressed when |E(X)| < m. This depends on X alone, so no request releases it.
 * N  neighbours (neighbours.ts): X is suppressed when one of the groups one step away — a filter
 *    category dropped or added, an option added or removed, "none of the options" added, the
 *    unfiltered total, the range extended or shrunk by one (non-empty) unit at either end — differs
 *    from it by 1 … m−1. Benchmarks and time buckets alike; with the date filter off a bucket is
 *    also compared with the report period and the coarser periods around it, each widened by one
 *    selection step. Decided from X's own definition: every request agrees.
 * R2 nesting within the response: for a released X and a group Y released in the same response
 *    (or the unfiltered total of another benchmark's range or of X's time bucket), if one contains
 *    the other and 0 < |E(X) △ E(Y)| < m, one of them is suppressed: the smaller when both are
 *    released here (only that one, so a pair does not cascade), else X. Time buckets are compared
 *    with their own benchmark, every benchmark of the request, the same period of the other
 *    benchmarks and the unfiltered total of their period.
 * R3 buckets: the released time buckets of a benchmark partition its span; if the span or the
 *    whole benchmark minus the released buckets leaves 0 < residue < m rows, the smallest released
 *    non-empty bucket is suppressed too (repeated until the residue is 0 or ≥ m).
 * R4 disjoint sums: if released benchmarks Q₁…Qⱼ (j ≥ 2) are pairwise disjoint and all inside a
 *    released benchmark or the unfiltered total of a benchmark's range C with
 *    0 < |E(C)| − Σ|E(Qᵢ)| < m, the smallest Qᵢ is suppressed.
 * The rules are applied until nothing changes. Suppressed groups carry no numbers at all. What this
 * covers across requests, and what not, is argued in the README. Differences are counted with an
 * early exit at m: only "0, below m, or not" matters.
 */
export interface Suppression {
  wholes: (SuppressionReason | null)[];
  buckets: (SuppressionReason | null)[][];
}

const DIFF: SuppressionReason = 'differencing';

/**
 * `answered` = null runs the group pass; otherwise the data-location pass on group ∩ answered.
 * `sizes` may pass |E(W_b)| per benchmark when the caller already counted them.
 */
export function applySuppression(plan: SuppressionPlan, answered: Bitset | null, minN: number, prior?: Suppression, sizes?: number[]): Suppression {
  const k = plan.wholes.length;
  const wholes = prior ? [...prior.wholes] : new Array<SuppressionReason | null>(k).fill(null);
  const buckets = prior ? prior.buckets.map((b) => [...b]) : plan.buckets.map((b) => new Array<SuppressionReason | null>(b.length).fill(null));
  if (minN <= 1) return { wholes, buckets };
  const A = answered ?? plan.all;
  /**
   * |E| of the unfiltered total of rows [lo, hi): the report's universe (completed responses unless
   * it includes incomplete ones) ∩ A. Not A alone: in the data-location pass A holds every response
   * that answered, incomplete ones too, which no group of this report contains — counting them made
   * a month of 'Alle respondenten' differ from "its total" by the incomplete responses of that month.
   */
  const totalIn = (lo: number, hi: number) => (answered ? andCountRange(plan.all, answered, lo, hi) : countRange(plan.all, lo, hi));
  const small: SuppressionReason = answered ? 'answered_below_min_n' : 'group_below_min_n';
  const memo = new Map<Diff, number>();
  /** |E(d)| capped at m (0 without counting when the difference is empty). */
  const e = (d: Diff | null): number => {
    if (!d || d.empty) return 0;
    let v = memo.get(d);
    if (v === undefined) memo.set(d, (v = andCountCapped(d.bits, A, d.lo, d.hi, minN)));
    return v;
  };
  const leak = (d: number) => d > 0 && d < minN;
  /** Sets of sizes x and y with i in common are nested and differ by 1 … m−1. */
  const nestedLeak = (x: number, y: number, i: number) => i === (x < y ? x : y) && leak((x < y ? y : x) - i);
  const sW = sizes ?? plan.wholes.map((w) => andCountRange(w.bits, A, w.lo, w.hi));
  const bucketSizes = plan.buckets.map((bs, b) => bs.map((t) => andCountRange(plan.wholes[b]!.bits, A, t.lo, t.hi)));
  const periodAt = plan.buckets.map((bs) => new Map(bs.map((o, t) => [o.period, t])));

  for (let b = 0; b < k; b++) {
    if (wholes[b] === null && sW[b]! < minN) wholes[b] = small;
    buckets[b]!.forEach((r, t) => {
      if (r === null && bucketSizes[b]![t]! < minN) buckets[b]![t] = small;
    });
  }
  // N: every group against its neighbours, from its own definition alone (decided once).
  const { cube, frame } = plan;
  const timeSteps = frame.rules.dateFilter;
  for (let b = 0; b < k; b++) {
    const W = plan.wholes[b]!;
    const sel = plan.sels[b]!;
    const diffs = plan.neighbours[b]!;
    if (wholes[b] === null && (selectionLeak(diffs, A, W.lo, W.hi, minN) || (timeSteps && rangeLeak(cube, frame, sel, A, W.lo, W.hi, minN)))) wholes[b] = DIFF;
    const widening = diffs.filter((d) => d.widening);
    const inContainer = new Map<string, number>();
    plan.buckets[b]!.forEach((t, i) => {
      if (buckets[b]![i] !== null) return;
      if (selectionLeak(diffs, A, t.lo, t.hi, minN) || rangeLeak(cube, frame, sel, A, t.lo, t.hi, minN) || containerLeak(t, sel, A, widening, minN, inContainer)) buckets[b]![i] = DIFF;
    });
  }
  // R2 for buckets against groups whose release does not change: their own benchmark, every
  // benchmark of the request and the unfiltered total of the period. Decided once.
  for (let b = 0; b < k; b++) {
    const W = plan.wholes[b]!;
    const list = plan.buckets[b]!;
    for (let t = 0; t < list.length; t++) {
      if (buckets[b]![t] !== null) continue;
      const { lo, hi } = list[t]!;
      const x = bucketSizes[b]![t]!;
      let bad = nestedLeak(x, totalIn(lo, hi), x) || nestedLeak(x, sW[b]!, x);
      for (let c = 0; c < k && !bad; c++) {
        if (c !== b && sW[c]! >= minN && nestedLeak(x, sW[c]!, and3CountRange(W.bits, plan.wholes[c]!.bits, A, lo, hi))) bad = true;
      }
      if (bad) buckets[b]![t] = DIFF;
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    const hit = (list: (SuppressionReason | null)[], i: number) => {
      list[i] = DIFF;
      changed = true;
    };
    for (let b = 0; b < k; b++) {
      if (wholes[b] !== null) continue;
      const x = sW[b]!;
      const totalLeak = plan.wholes.some((_, c) => {
        const out = e(plan.outside[b]![c]!);
        const inn = e(plan.inside[b]![c]!);
        return (out === 0 && leak(inn)) || (inn === 0 && leak(out) && x - out >= minN);
      });
      if (totalLeak) {
        hit(wholes, b);
        continue;
      }
      for (let c = 0; c < k; c++) {
        if (c === b || wholes[c] !== null) continue;
        const bc = e(plan.pairs[b]![c]!);
        const cb = e(plan.pairs[c]![b]!);
        if (!((bc === 0 && leak(cb)) || (cb === 0 && leak(bc)))) continue;
        hit(wholes, x < sW[c]! || (x === sW[c]! && b > c) ? b : c);
        break;
      }
    }
    for (let b = 0; b < k; b++) {
      const list = plan.buckets[b]!;
      const W = plan.wholes[b]!;
      for (let t = 0; t < list.length; t++) {
        if (buckets[b]![t] !== null) continue;
        const { lo, hi, period } = list[t]!;
        const x = bucketSizes[b]![t]!;
        for (let c = 0; c < k; c++) {
          const u = c === b ? undefined : periodAt[c]!.get(period);
          if (u === undefined || buckets[c]![u] !== null) continue;
          const y = bucketSizes[c]![u]!;
          if (!nestedLeak(x, y, and3CountRange(W.bits, plan.wholes[c]!.bits, A, Math.max(lo, plan.buckets[c]![u]!.lo), Math.min(hi, plan.buckets[c]![u]!.hi)))) continue;
          if (x < y || (x === y && b > c)) hit(buckets[b]!, t);
          else hit(buckets[c]!, u);
          break;
        }
      }
      if (list.length) {
        const span = andCountRange(W.bits, A, list[0]!.lo, list[list.length - 1]!.hi);
        for (const container of sW[b]! >= minN ? [span, sW[b]!] : [span]) {
          while (true) {
            let released = 0;
            let smallest = -1;
            const state = buckets[b]!;
            const sizesB = bucketSizes[b]!;
            for (let t = 0; t < state.length; t++) {
              if (state[t] !== null) continue;
              released += sizesB[t]!;
              if (sizesB[t]! > 0 && (smallest < 0 || sizesB[t]! < sizesB[smallest]!)) smallest = t;
            }
            if (!leak(container - released) || smallest < 0) break;
            hit(buckets[b]!, smallest);
          }
        }
      }
    }
    if (disjointSums(plan, A, sW, wholes, minN, e, totalIn)) changed = true;
  }
  return { wholes, buckets };
}

/**
 * Date filter off: a bucket P against each obtainable range C around it (coarser periods, the
 * report period), the same selection or widened by one step: |C, S′ ∖ P, S| = |S ∖ P within C| + |S′ ∖ S within C|.
 */
function containerLeak(t: Bucket, sel: Bitset, A: Bitset, widening: NeighbourDiff[], m: number, memo: Map<string, number>): boolean {
  for (const c of t.containers ?? []) {
    const around = Math.min(m, andCountCapped(sel, A, c.lo, t.lo, m) + andCountCapped(sel, A, t.hi, c.hi, m));
    if (around >= m) continue;
    if (around > 0) return true;
    for (let i = 0; i < widening.length; i++) {
      const key = `${i}:${c.lo}:${c.hi}`;
      let more = memo.get(key);
      if (more === undefined) memo.set(key, (more = diffCountCapped(widening[i]!, A, c.lo, c.hi, m)));
      if (more > 0 && around + more < m) return true;
    }
  }
  return false;
}

/** R4 over released benchmarks (at most 10); returns whether it suppressed something. */
function disjointSums(plan: SuppressionPlan, A: Bitset, sW: number[], wholes: (SuppressionReason | null)[], minN: number, e: (d: Diff | null) => number, totalIn: (lo: number, hi: number) => number): boolean {
  const released = sW.map((_, b) => b).filter((b) => wholes[b] === null && sW[b]! > 0);
  if (released.length < 2 || released.length > 10) return false;
  const W = plan.wholes;
  const pairMemo = new Map<number, boolean>();
  const disjoint = (a: number, b: number) => {
    const key = a * 16 + b;
    let v = pairMemo.get(key);
    if (v === undefined) pairMemo.set(key, (v = and3CountCapped(W[a]!.bits, W[b]!.bits, A, Math.max(W[a]!.lo, W[b]!.lo), Math.min(W[a]!.hi, W[b]!.hi), 1) === 0));
    return v;
  };
  const totalSizes = new Map<number, number>();
  const totalSize = (c: number) => {
    let v = totalSizes.get(c);
    if (v === undefined) totalSizes.set(c, (v = totalIn(W[c]!.lo, W[c]!.hi)));
    return v;
  };
  const containers = [
    ...W.map((_, c) => ({ size: () => totalSize(c), holds: (q: number) => e(plan.outside[q]![c]!) === 0 })),
    ...released.map((c) => ({ size: () => sW[c]!, holds: (q: number) => q !== c && e(plan.pairs[q]![c]!) === 0 })),
  ];
  for (let mask = 1; mask < 1 << released.length; mask++) {
    const q = released.filter((_, i) => mask & (1 << i));
    if (q.length < 2 || q.some((a, i) => q.some((b, j) => j > i && !disjoint(a, b)))) continue;
    const sum = q.reduce((s, b) => s + sW[b]!, 0);
    for (const c of containers) {
      if (!q.every(c.holds)) continue;
      const size = c.size();
      const residue = size - sum;
      if (size < minN || residue <= 0 || residue >= minN) continue;
      const victim = q.reduce((m, b) => (sW[b]! < sW[m]! ? b : m), q[0]!);
      wholes[victim] = DIFF;
      return true;
    }
  }
  return false;
}
