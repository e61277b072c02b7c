import { type Bitset, edgeMask } from './bitset';
import { type CubeColumn, type Planes, answeredBits } from './cube';

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

/** Calls fn(row) for every set row of `bits` within [lo, hi), word by word. */
function eachRow(bits: Bitset, lo: number, hi: number, fn: (word: number, g: number) => void): void {
  if (hi <= lo) return;
  const w0 = lo >>> 5;
  const w1 = (hi - 1) >>> 5;
  for (let w = w0; w <= w1; w++) {
    let g = bits[w]!;
    if (w === w0 || w === w1) g &= edgeMask(w, lo, hi);
    if (g !== 0) fn(w, g);
  }
}

/** Σw per code of bit-sliced codes (index 0 = no answer), plus the group's Σw and Σw². */
function planeSums(planes: Planes, options: number, bits: Bitset, lo: number, hi: number, weights: Float32Array): WeightedSums {
  const s = empty(Math.max(options + 1, 1 << planes.length));
  const b = planes.length;
  const pw = new Int32Array(b);
  eachRow(bits, lo, hi, (w, g) => {
    for (let j = 0; j < b; j++) pw[j] = planes[j]![w]!;
    const base = w << 5;
    while (g !== 0) {
      const t = 31 - Math.clz32(g & -g);
      g &= g - 1;
      let code = 0;
      for (let j = 0; j < b; j++) code |= ((pw[j]! >>> t) & 1) << j;
      const x = weights[base + t]!;
      s.perOption[code]! += x;
      s.perOptionSq[code]! += x * x;
    }
  });
  for (let c = 0; c < s.perOption.length; c++) {
    s.group += s.perOption[c]!;
    s.groupSq += s.perOptionSq[c]!;
    if (c > 0) (s.answered += s.perOption[c]!), (s.answeredSq += s.perOptionSq[c]!);
  }
  return s;
}

/** Σw and Σw² over rows of a ∧ b (b null: a alone) within [lo, hi). */
function maskSum(a: Bitset, b: Bitset | null, lo: number, hi: number, weights: Float32Array): [number, number] {
  let s = 0;
  let sq = 0;
  eachRow(a, lo, hi, (w, g) => {
    if (b) g &= b[w]!;
    const base = w << 5;
    while (g !== 0) {
      const x = weights[base + 31 - Math.clz32(g & -g)]!;
      g &= g - 1;
      s += x;
      sq += x * x;
    }
  });
  return [s, sq];
}

/** The weighted sums of the rows of `bits` within [lo, hi) for one column. */
export function weightedSums(col: CubeColumn, bits: Bitset, lo: number, hi: number, weights: Float32Array, nps: boolean): WeightedSums {
  if (col.kind === 'single' || col.kind === 'text') {
    return planeSums(col.planes, col.kind === 'single' ? col.codes.length : col.dictionary.length, bits, lo, hi, weights);
  }
  if (col.kind === 'multi') {
    const s = empty(col.optionBits.length);
    for (let i = 0; i < col.optionBits.length; i++) [s.perOption[i], s.perOptionSq[i]] = maskSum(bits, col.optionBits[i]!, lo, hi, weights);
    [s.group, s.groupSq] = maskSum(bits, null, lo, hi, weights);
    [s.answered, s.answeredSq] = maskSum(bits, answeredBits(col), lo, hi, weights);
    return s;
  }
  const s = empty(0);
  [s.group, s.groupSq] = maskSum(bits, null, lo, hi, weights);
  const answered = answeredBits(col);
  const { data, values } = col;
  eachRow(bits, lo, hi, (w, g) => {
    g &= answered[w]!;
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
  });
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
