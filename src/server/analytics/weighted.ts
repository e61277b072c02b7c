import { type Bitset, edgeMask } from './bitset';
import { WHOLE_GROUP, groupSums } from './block-sums';
import { type CubeColumn, type Planes, answeredBits } from './cube';
import { TREE_MAX, codeAt, fourPlanes, split } from './planes';

/**
 * Weighted sums of one group for one column (issue 31): every weighted number of the engine comes
 * from here, so a later protection mode (cell-key perturbation) can wrap this one place. `weights`
 * has one Float32 per cube row (mean 1 over the scheme's universe); people are still counted by
 * the unweighted code (aggregate.ts), and suppression never looks at these sums.
 */
export interface WeightedSums {
  /** Σw and Σw² per option code index (0 = no answer) of single/text columns; per option of multi. */
  perOption: Float64Array;
  perOptionSq: Float64Array;
  /** Σw, Σw² over the group's rows. */
  group: number;
  groupSq: number;
  /** Σw, Σw² over the group's rows that answered. */
  answered: number;
  answeredSq: number;
  /** Numeric columns: Σw·x, Σw·x² over answered rows; NPS (values 0–10): Σw of the base, promoters, detractors. */
  sum: number;
  sumSq: number;
  npsBase: number;
  promoters: number;
  detractors: number;
}

function empty(options: number): WeightedSums {
  return { perOption: new Float64Array(options), perOptionSq: new Float64Array(options), group: 0, groupSq: 0, answered: 0, answeredSq: 0, sum: 0, sumSq: 0, npsBase: 0, promoters: 0, detractors: 0 };
}

/**
 * Σw and Σw² per code of bit-sliced codes (index 0 = no answer) over the rows of `bits` within
 * [lo, hi), added into acc[at + code] and acc[at + slots + code]: per 32-row word the planes split
 * the group's word into one mask per code (planes.ts's split), and each mask's rows add their
 * weights. Above TREE_MAX planes, rows are decoded.
 */
function planeAdd(planes: Planes, bits: Bitset, lo: number, hi: number, weights: Float32Array, acc: Float64Array, at: number, slots: number): void {
  if (hi <= lo) return;
  if (planes.length >= 1 && planes.length <= 4) return planeAdd4(planes, bits, lo, hi, weights, acc, at, slots);
  const b = planes.length;
  const size = 1 << b;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const tree = new Int32Array(size << 1);
  const pw = new Int32Array(b);
  const sq = at + slots;
  for (let w = w0; w <= w1; w++) {
    let g = bits[w]!;
    if (w === w0 || w === w1) g &= edgeMask(w, lo, hi);
    if (g === 0) continue;
    const base = w << 5;
    if (b <= TREE_MAX) {
      split(planes, w, g, tree);
      for (let c = 0; c < size; c++) {
        let x = tree[size + c]!;
        if (x === 0) continue;
        let s = 0;
        let s2 = 0;
        while (x !== 0) {
          const v = weights[base + 31 - Math.clz32(x & -x)]!;
          x &= x - 1;
          s += v;
          s2 += v * v;
        }
        acc[at + c]! += s;
        acc[sq + c]! += s2;
      }
      continue;
    }
    for (let j = 0; j < b; j++) pw[j] = planes[j]![w]!;
    while (g !== 0) {
      const t = 31 - Math.clz32(g & -g);
      g &= g - 1;
      const v = weights[base + t]!;
      const code = codeAt(pw, t);
      acc[at + code]! += v;
      acc[sq + code]! += v * v;
    }
  }
}

/**
 * planeAdd for 1 … 4 planes (up to 15 codes, most questions): each member's code is read from the
 * four plane words in locals and its weight added to its code's sums: one pass over the members,
 * no split into per-code masks.
 */
function planeAdd4(planes: Planes, bits: Bitset, lo: number, hi: number, weights: Float32Array, acc: Float64Array, at: number, slots: number): void {
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  const [P0, P1, P2, P3] = fourPlanes(planes, w1 + 1);
  const s = new Float64Array(16);
  const s2 = new Float64Array(16);
  for (let w = w0; w <= w1; w++) {
    let x = bits[w]!;
    if (w === w0 || w === w1) x &= edgeMask(w, lo, hi);
    const p0 = P0[w]!;
    const p1 = P1[w]!;
    const p2 = P2[w]!;
    const p3 = P3[w]!;
    const base = w << 5;
    while (x !== 0) {
      const i = 31 - Math.clz32(x & -x);
      x &= x - 1;
      const c = ((p0 >>> i) & 1) | (((p1 >>> i) & 1) << 1) | (((p2 >>> i) & 1) << 2) | (((p3 >>> i) & 1) << 3);
      const v = weights[base + i]!;
      s[c]! += v;
      s2[c]! += v * v;
    }
  }
  const n = Math.min(16, slots);
  for (let c = 0; c < n; c++) {
    acc[at + c]! += s[c]!;
    acc[at + slots + c]! += s2[c]!;
  }
}

const f64 = (n: number) => new Float64Array(n);

function planeSums(planes: Planes, options: number, bits: Bitset, lo: number, hi: number, weights: Float32Array, base: Bitset | null | undefined): WeightedSums {
  const len = Math.max(options + 1, 1 << planes.length);
  const both = groupSums(weights, planes, bits, base, lo, hi, len * 2, f64, (x, from, to, out, at) => planeAdd(planes, x, from, to, weights, out, at, len));
  const s = empty(0);
  s.perOption = both.subarray(0, len);
  s.perOptionSq = both.subarray(len);
  for (let c = 0; c < len; c++) {
    s.group += s.perOption[c]!;
    s.groupSq += s.perOptionSq[c]!;
    if (c > 0) (s.answered += s.perOption[c]!), (s.answeredSq += s.perOptionSq[c]!);
  }
  return s;
}

/** Σw and Σw² over rows of a ∧ b (b null: a alone) within [lo, hi), added into out[at], out[at + 1]. */
function maskAdd(a: Bitset, b: Bitset | null, lo: number, hi: number, weights: Float32Array, out: Float64Array, at: number): void {
  if (hi <= lo) return;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  let s = 0;
  let s2 = 0;
  for (let w = w0; w <= w1; w++) {
    let g = a[w]!;
    if (b) g &= b[w]!;
    if (w === w0 || w === w1) g &= edgeMask(w, lo, hi);
    const base = w << 5;
    while (g !== 0) {
      const v = weights[base + 31 - Math.clz32(g & -g)]!;
      g &= g - 1;
      s += v;
      s2 += v * v;
    }
  }
  out[at]! += s;
  out[at + 1]! += s2;
}

/** Σw and Σw² over rows of bits ∧ b (b null: bits alone) within [lo, hi). */
function maskSum(bits: Bitset, b: Bitset | null, lo: number, hi: number, weights: Float32Array, base: Bitset | null | undefined): [number, number] {
  const s = groupSums(weights, b ?? WHOLE_GROUP, bits, base, lo, hi, 2, f64, (x, from, to, out, at) => maskAdd(x, b, from, to, weights, out, at));
  return [s[0]!, s[1]!];
}

/** Numeric columns: Σw, Σw², Σw·x, Σw·x² and the NPS sums (values 0–10) of answered rows, added into out[at …]. */
function numericAdd(data: ArrayLike<number>, values: Float64Array, answered: Bitset, bits: Bitset, lo: number, hi: number, weights: Float32Array, nps: boolean, out: Float64Array, at: number): void {
  if (hi <= lo) return;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  let sw = 0, sw2 = 0, sx = 0, sx2 = 0, nb = 0, pr = 0, de = 0;
  for (let w = w0; w <= w1; w++) {
    let g = bits[w]! & answered[w]!;
    if (w === w0 || w === w1) g &= edgeMask(w, lo, hi);
    const base = w << 5;
    while (g !== 0) {
      const r = base + 31 - Math.clz32(g & -g);
      g &= g - 1;
      const x = weights[r]!;
      const v = values[data[r]!]!;
      sw += x;
      sw2 += x * x;
      sx += x * v;
      sx2 += x * v * v;
      if (nps && v >= 0 && v <= 10) {
        nb += x;
        if (v >= 9) pr += x;
        else if (v <= 6) de += x;
      }
    }
  }
  out[at]! += sw;
  out[at + 1]! += sw2;
  out[at + 2]! += sx;
  out[at + 3]! += sx2;
  out[at + 4]! += nb;
  out[at + 5]! += pr;
  out[at + 6]! += de;
}

/**
 * The weighted sums of the rows of `bits` within [lo, hi) for one column. `base`: the report's
 * universe, which holds `bits`; blocks where `bits` equals it take their kept sums (block-sums.ts).
 */
export function weightedSums(col: CubeColumn, bits: Bitset, lo: number, hi: number, weights: Float32Array, nps: boolean, base?: Bitset | null): WeightedSums {
  if (col.kind === 'single' || col.kind === 'text') {
    return planeSums(col.planes, col.kind === 'single' ? col.codes.length : col.dictionary.length, bits, lo, hi, weights, base);
  }
  if (col.kind === 'multi') {
    const s = empty(col.optionBits.length);
    for (let i = 0; i < col.optionBits.length; i++) [s.perOption[i], s.perOptionSq[i]] = maskSum(bits, col.optionBits[i]!, lo, hi, weights, base);
    [s.group, s.groupSq] = maskSum(bits, null, lo, hi, weights, base);
    [s.answered, s.answeredSq] = maskSum(bits, answeredBits(col), lo, hi, weights, base);
    return s;
  }
  const s = empty(0);
  [s.group, s.groupSq] = maskSum(bits, null, lo, hi, weights, base);
  const answered = answeredBits(col);
  const { data, values } = col;
  // Always with the NPS sums: kept block and group sums serve both kinds of data location.
  const n = groupSums(weights, col, bits, base, lo, hi, 7, f64, (x, from, to, out, at) => numericAdd(data, values, answered, x, from, to, weights, true, out, at));
  [s.answered, s.answeredSq, s.sum, s.sumSq] = [n[0]!, n[1]!, n[2]!, n[3]!];
  if (nps) [s.npsBase, s.promoters, s.detractors] = [n[4]!, n[5]!, n[6]!];
  return s;
}

/** Kish's effective sample size (Σw)² / Σw²; 0 without weight. */
export function kish(sum: number, sumSq: number): number {
  return sumSq > 0 ? (sum * sum) / sumSq : 0;
}

/** Weighted standard deviation with reliability weights (Σw(x−m)² / (Σw − Σw²/Σw)): the sample sd when every weight is 1. */
export function weightedSd(sumW: number, sumW2: number, sumWx: number, sumWx2: number): number | null {
  if (sumW <= 0) return null;
  const denominator = sumW - sumW2 / sumW;
  if (!(denominator > 0)) return null;
  const ss = sumWx2 - (sumWx * sumWx) / sumW;
  return Math.sqrt(Math.max(0, ss) / denominator);
}
