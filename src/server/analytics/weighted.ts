import { type Bitset, edgeMask } from './bitset';
import { type CubeColumn, type Planes, answeredBits } from './cube';
import { TREE_MAX, codeAt, split } from './planes';

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

/** Σw and Σw² of the rows of one 32-row word (mask x, first row base) added into out[i], out2[i]. */
function addWord(x: number, base: number, weights: Float32Array, out: Float64Array, out2: Float64Array, i: number): void {
  let s = 0;
  let s2 = 0;
  while (x !== 0) {
    const v = weights[base + 31 - Math.clz32(x & -x)]!;
    x &= x - 1;
    s += v;
    s2 += v * v;
  }
  out[i]! += s;
  out2[i]! += s2;
}

/**
 * Σw and Σw² per code of bit-sliced codes (index 0 = no answer) over the rows of `bits` within
 * [lo, hi): per 32-row word the planes split the group's word into one mask per code (planes.ts's
 * split), and each mask's rows add their weights. Above TREE_MAX planes, rows are decoded.
 */
function planeSums(planes: Planes, options: number, bits: Bitset, lo: number, hi: number, weights: Float32Array): WeightedSums {
  const b = planes.length;
  const size = 1 << b;
  const s = empty(Math.max(options + 1, size));
  const acc = s.perOption;
  const acc2 = s.perOptionSq;
  if (hi > lo) {
    const w0 = lo >>> 5;
    const w1 = (hi - 1) >>> 5;
    const tree = new Int32Array(size << 1);
    const pw = new Int32Array(b);
    for (let w = w0; w <= w1; w++) {
      let g = bits[w]!;
      if (w === w0 || w === w1) g &= edgeMask(w, lo, hi);
      if (g === 0) continue;
      const base = w << 5;
      if (b <= TREE_MAX) {
        split(planes, w, g, tree);
        for (let c = 0; c < size; c++) {
          const x = tree[size + c]!;
          if (x !== 0) addWord(x, base, weights, acc, acc2, c);
        }
        continue;
      }
      for (let j = 0; j < b; j++) pw[j] = planes[j]![w]!;
      while (g !== 0) {
        const t = 31 - Math.clz32(g & -g);
        g &= g - 1;
        const v = weights[base + t]!;
        const code = codeAt(pw, t);
        acc[code]! += v;
        acc2[code]! += v * v;
      }
    }
  }
  for (let c = 0; c < acc.length; c++) {
    s.group += acc[c]!;
    s.groupSq += acc2[c]!;
    if (c > 0) (s.answered += acc[c]!), (s.answeredSq += acc2[c]!);
  }
  return s;
}

const pair = () => [new Float64Array(1), new Float64Array(1)] as const;

/** Σw and Σw² over rows of a ∧ b (b null: a alone) within [lo, hi). */
function maskSum(a: Bitset, b: Bitset | null, lo: number, hi: number, weights: Float32Array): [number, number] {
  const [s, s2] = pair();
  if (hi > lo) {
    const w0 = lo >>> 5;
    const w1 = (hi - 1) >>> 5;
    for (let w = w0; w <= w1; w++) {
      let g = a[w]!;
      if (b) g &= b[w]!;
      if (w === w0 || w === w1) g &= edgeMask(w, lo, hi);
      if (g !== 0) addWord(g, w << 5, weights, s, s2, 0);
    }
  }
  return [s[0]!, s2[0]!];
}

const groupSums = new WeakMap<Bitset, Map<string, [number, number]>>();

/** Σw and Σw² of a group (the same for every data location of a benchmark): remembered per group bitset, range and weights. */
function groupSum(bits: Bitset, lo: number, hi: number, weights: Float32Array): [number, number] {
  let byRange = groupSums.get(bits);
  if (!byRange) groupSums.set(bits, (byRange = new Map()));
  const key = `${lo}:${hi}:${weightsId(weights)}`;
  let hit = byRange.get(key);
  if (!hit) byRange.set(key, (hit = maskSum(bits, null, lo, hi, weights)));
  return hit;
}

const ids = new WeakMap<Float32Array, number>();
let nextId = 0;
const weightsId = (w: Float32Array) => ids.get(w) ?? (ids.set(w, ++nextId), nextId);

/** The weighted sums of the rows of `bits` within [lo, hi) for one column. */
export function weightedSums(col: CubeColumn, bits: Bitset, lo: number, hi: number, weights: Float32Array, nps: boolean): WeightedSums {
  if (col.kind === 'single' || col.kind === 'text') {
    return planeSums(col.planes, col.kind === 'single' ? col.codes.length : col.dictionary.length, bits, lo, hi, weights);
  }
  if (col.kind === 'multi') {
    const s = empty(col.optionBits.length);
    for (let i = 0; i < col.optionBits.length; i++) [s.perOption[i], s.perOptionSq[i]] = maskSum(bits, col.optionBits[i]!, lo, hi, weights);
    [s.group, s.groupSq] = groupSum(bits, lo, hi, weights);
    [s.answered, s.answeredSq] = maskSum(bits, answeredBits(col), lo, hi, weights);
    return s;
  }
  const s = empty(0);
  [s.group, s.groupSq] = groupSum(bits, lo, hi, weights);
  const answered = answeredBits(col);
  const { data, values } = col;
  if (hi > lo) {
    const w0 = lo >>> 5;
    const w1 = (hi - 1) >>> 5;
    for (let w = w0; w <= w1; w++) {
      let g = bits[w]! & answered[w]!;
      if (w === w0 || w === w1) g &= edgeMask(w, lo, hi);
      const base = w << 5;
      while (g !== 0) {
        const r = base + 31 - Math.clz32(g & -g);
        g &= g - 1;
        const x = weights[r]!;
        const v = values[data[r]!]!;
        s.answered += x;
        s.answeredSq += x * x;
        s.sum += x * v;
        s.sumSq += x * v * v;
        if (nps && v >= 0 && v <= 10) {
          s.npsBase += x;
          if (v >= 9) s.promoters += x;
          else if (v <= 6) s.detractors += x;
        }
      }
    }
  }
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
