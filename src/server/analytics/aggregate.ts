import { type Bitset, andCountRange, countRange } from './bitset';
import { type CubeColumn, type NumericColumn, answeredBits, zeroedValues } from './cube';
import { planeHistogram } from './planes';
import { type Accuracy, marginOfError, meanMarginOfError } from './margin-of-error';
import type { ColumnKind } from './cube';
import type { DataLocationSpec, NMethod, OptionStat, Stats } from './types';
import { type WeightedSums, kish, weightedSd, weightedSums } from './weighted';

/**
 * The N methods that mean something for a kind of question: `answers` differs from `respondents`
 * only when one respondent can give several answers (multiple choice); `total` (every member of
 * the group, answered or not) applies to every kind.
 */
export function nMethodsFor(kind: ColumnKind): NMethod[] {
  return kind === 'multi' ? ['respondents', 'answers', 'total'] : ['respondents', 'total'];
}

/** The method used: the stored one when it applies to the kind, else `respondents` (the API refuses the others). */
export function effectiveNMethod(kind: ColumnKind, method: NMethod | undefined): NMethod {
  return method && nMethodsFor(kind).includes(method) ? method : 'respondents';
}

/**
 * Numbers of one group (rows of `bits` within [lo, hi)) for one column. Pure; the caller has
 * already decided the group may be released (suppression.ts). With `weights` (one per cube row,
 * a weighting scheme) the shares, means and margins are weighted (weightedBasis); the counts stay
 * people.
 */
export function computeStats(
  col: CubeColumn,
  bits: Bitset,
  lo: number,
  hi: number,
  spec: DataLocationSpec,
  minN: number,
  accuracy: Accuracy | undefined,
  weights?: Float32Array | null,
  /**
   * `base`: the report's universe, which holds `bits` (block-sums.ts); `sums`: the weighted sums when
   * the caller has them; `counts`: the group's size, answered rows and rows per option when the
   * caller has them (cell-key signature tables: the same integers) — not used for numeric columns.
   */
  ctx: { base?: Bitset | null; sums?: WeightedSums; counts?: KnownCounts } = {},
): Stats {
  const known = ctx.counts && col.kind !== 'numeric' ? ctx.counts : null;
  const groupSize = known ? known.groupSize : countRange(bits, lo, hi);
  const counts = known ? { perOption: known.perOption, valueCount: 0, numeric: null } : optionCounts(col, bits, lo, hi, !!spec.nps);
  const answered =
    col.kind === 'numeric' ? counts.valueCount : col.kind === 'multi' ? (known ? known.answered : andCountRange(bits, answeredBits(col), lo, hi)) : sumOf(counts.perOption);
  let answers = answered;
  if (col.kind === 'multi') answers = sumOf(counts.perOption);
  const nMethod = effectiveNMethod(col.kind, spec.nMethod);
  const base = nMethod === 'answers' ? answers : nMethod === 'total' ? groupSize : answered;
  const codes = col.kind === 'text' ? col.dictionary : col.kind === 'numeric' ? [] : col.codes;
  const peopleScale = col.kind === 'single' ? singleScale(col.scores, counts.perOption, spec) : col.kind === 'numeric' ? counts.numeric : null;
  const scored = peopleScale?.scored ?? 0;
  const by: Basis = weights
    ? weightedBasis(col, ctx.sums ?? weightedSums(col, bits, lo, hi, weights, !!spec.nps, ctx.base), spec, nMethod, codes.length)
    : { perOption: counts.perOption, base, n: base, scale: peopleScale, scoredSq: scored, scoredN: scored };
  const options: OptionStat[] = codes.map((code, i) => {
    const count = counts.perOption[i]!;
    const share = by.base > 0 ? by.perOption[i]! / by.base : null;
    const percentage = share === null ? null : share * 100;
    const moe = share === null ? null : marginOfError(by.n, accuracy, Math.min(share, 1));
    const low = count > 0 && count < minN;
    // Two literals rather than a spread of an optional part (a slow object copy per option).
    return weights
      ? { code, count, percentage, marginOfError: moe, empty: count === 0, low, weightedCount: by.perOption[i]! }
      : { code, count, percentage, marginOfError: moe, empty: count === 0, low };
  });
  const scale = by.scale;
  // The sample sd when every weight is 1 (scoredSq = scored).
  const sd = scale && scored > 1 ? weightedSd(scale.scored, by.scoredSq, scale.sum, scale.sumSq) : null;
  return {
    groupSize,
    answered,
    answers,
    base,
    nMethod,
    options,
    scored,
    mean: scale && scale.scored > 0 ? scale.sum / scale.scored : null,
    topBox: scale?.topBox ?? null,
    bottomBox: scale?.bottomBox ?? null,
    nps: spec.nps && scale && scale.npsBase > 0 ? ((scale.promoters - scale.detractors) / scale.npsBase) * 100 : null,
    marginOfError: marginOfError(by.n, accuracy),
    sd,
    meanMarginOfError: sd === null ? null : meanMarginOfError(sd, by.scoredN, accuracy),
    ...(weights ? { weightedBase: by.base, effectiveN: by.n } : {}),
  };
}

/**
 * What a group's shares, means and margins are computed from: its people (the counts) or, with a
 * weighting scheme, the sums of their weights. Counts (count, groupSize, answered, answers, base,
 * scored) are always people: the privacy rules count those.
 */
interface Basis {
  /** Numerator of each option's share, in option order. */
  perOption: ArrayLike<number>;
  /** Denominator of the shares by the N method (weighted: `weightedBase`). */
  base: number;
  /** The n of the margins of error (weighted: Kish's effective n of the base, `effectiveN`). */
  n: number;
  /** Scale sums for mean, sd, top/bottom box and NPS (single choice and numeric). */
  scale: ScaleSums | null;
  /** Σw² of the scored answers (people: their number), for the sd. */
  scoredSq: number;
  /** The n of the margin of a mean (weighted: Kish's effective n of the scored answers). */
  scoredN: number;
}

/** The weighted basis of a released group (issue 31), from the weighted sums (weighted.ts). */
function weightedBasis(col: CubeColumn, ws: WeightedSums, spec: DataLocationSpec, nMethod: NMethod, options: number): Basis {
  const offset = col.kind === 'multi' ? 0 : 1;
  const perOption = ws.perOption.subarray(offset, offset + options);
  const answers = col.kind === 'multi' ? sumOf(perOption) : ws.answered;
  const base = nMethod === 'answers' ? answers : nMethod === 'total' ? ws.group : ws.answered;
  const n = nMethod === 'total' ? kish(ws.group, ws.groupSq) : kish(ws.answered, ws.answeredSq);
  let scale: ScaleSums | null = null;
  let scoredSq = 0;
  if (col.kind === 'single') {
    scale = singleScale(col.scores, perOption, spec);
    for (let i = 0; i < col.scores.length; i++) if (!Number.isNaN(col.scores[i]!)) scoredSq += ws.perOptionSq[i + 1]!;
  } else if (col.kind === 'numeric') {
    scale = { scored: ws.answered, sum: ws.sum, sumSq: ws.sumSq, topBox: null, bottomBox: null, npsBase: ws.npsBase, promoters: ws.promoters, detractors: ws.detractors };
    scoredSq = ws.answeredSq;
  }
  return { perOption, base, n, scale, scoredSq, scoredN: kish(scale?.scored ?? 0, scoredSq) };
}

function sumOf(xs: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < xs.length; i++) n += xs[i]!;
  return n;
}

export interface ScaleSums {
  scored: number;
  sum: number;
  /** Sum of squared scores or values (for the standard deviation). */
  sumSq: number;
  topBox: number | null;
  bottomBox: number | null;
  npsBase: number;
  promoters: number;
  detractors: number;
}

/** A group's counts known to the caller: members, members who answered, members per option (optionCounts' order). */
export interface KnownCounts {
  groupSize: number;
  answered: number;
  perOption: Int32Array;
}

interface Counts {
  perOption: Int32Array;
  valueCount: number;
  numeric: ScaleSums | null;
}

function optionCounts(col: CubeColumn, bits: Bitset, lo: number, hi: number, nps: boolean): Counts {
  if (col.kind === 'multi') {
    const perOption = new Int32Array(col.optionBits.length);
    for (let i = 0; i < col.optionBits.length; i++) perOption[i] = andCountRange(bits, col.optionBits[i]!, lo, hi);
    return { perOption, valueCount: 0, numeric: null };
  }
  if (col.kind === 'single' || col.kind === 'text') {
    const n = col.kind === 'single' ? col.codes.length : col.dictionary.length;
    return { perOption: planeHistogram(col.planes, bits, lo, hi).subarray(1, n + 1), valueCount: 0, numeric: null };
  }
  const sums = nps ? numericWithNps(col, bits, lo, hi) : numericSum(col, bits, lo, hi);
  return { perOption: new Int32Array(0), valueCount: sums.scored, numeric: sums };
}

/**
 * Sum and count of the group's answered values, adding in row order. Full words (dense groups)
 * add 32 values straight from the zero-filled copy; other words visit their set bits.
 */
function numericSum(col: NumericColumn, bits: Bitset, lo: number, hi: number): ScaleSums {
  const z = zeroedValues(col);
  const codes = col.data;
  const scored = andCountRange(bits, answeredBits(col), lo, hi);
  let sum = 0;
  let sumSq = 0;
  if (hi > lo) {
    const w0 = lo >>> 5;
    const w1 = (hi - 1) >>> 5;
    for (let w = w0; w <= w1; w++) {
      let x = bits[w]!;
      if (w === w0 && lo & 31) x &= 0xffffffff << (lo & 31);
      if (w === w1 && hi & 31) x &= 0xffffffff >>> (32 - (hi & 31));
      if (x === 0) continue;
      const base = w << 5;
      if ((x | 0) === -1) {
        for (let j = 0; j < 32; j++) {
          const v = z[codes[base + j]!]!;
          sum += v;
          sumSq += v * v;
        }
        continue;
      }
      while (x !== 0) {
        const t = x & -x;
        const v = z[codes[base + 31 - Math.clz32(t)]!]!;
        sum += v;
        sumSq += v * v;
        x ^= t;
      }
    }
  }
  return { scored, sum, sumSq, topBox: null, bottomBox: null, npsBase: 0, promoters: 0, detractors: 0 };
}

function numericWithNps(col: NumericColumn, bits: Bitset, lo: number, hi: number): ScaleSums {
  const out = numericSum(col, bits, lo, hi);
  const { data, values } = col;
  for (let w = lo >>> 5; hi > lo && w <= (hi - 1) >>> 5; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const t = x & -x;
      const r = (w << 5) + 31 - Math.clz32(t);
      x ^= t;
      if (r < lo || r >= hi) continue;
      const v = values[data[r]!]!;
      if (v >= 0 && v <= 10) {
        out.npsBase++;
        if (v >= 9) out.promoters++;
        else if (v <= 6) out.detractors++;
      }
    }
  }
  return out;
}

const boxCache = new WeakMap<Float64Array, Map<number, { topMin: number; bottomMax: number }>>();

/** Lowest score in the top k distinct scores and highest in the bottom k, cached per column. */
function boxBounds(scores: Float64Array, k: number): { topMin: number; bottomMax: number } {
  let byK = boxCache.get(scores);
  if (!byK) boxCache.set(scores, (byK = new Map()));
  let bounds = byK.get(k);
  if (!bounds) {
    const distinct = [...new Set(Array.from(scores).filter((s) => !Number.isNaN(s)))].sort((a, b) => a - b);
    bounds = { bottomMax: distinct[Math.min(k, distinct.length) - 1] ?? -Infinity, topMin: distinct[Math.max(distinct.length - k, 0)] ?? Infinity };
    byK.set(k, bounds);
  }
  return bounds;
}

/**
 * Scale numbers of a single-choice question from its option counts: options with a score form the
 * scale; top/bottom box = share of scored answers in the k highest/lowest distinct scores.
 */
export function singleScale(scores: Float64Array, perOption: ArrayLike<number>, spec: DataLocationSpec): ScaleSums {
  const { topMin, bottomMax } = boxBounds(scores, Math.max(1, Math.floor(spec.boxSize ?? 2)));
  let scored = 0;
  let sum = 0;
  let sumSq = 0;
  let top = 0;
  let bottom = 0;
  let npsBase = 0;
  let promoters = 0;
  let detractors = 0;
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i]!;
    const c = perOption[i]!;
    if (Number.isNaN(s) || c === 0) continue;
    scored += c;
    sum += s * c;
    sumSq += s * s * c;
    if (s >= topMin) top += c;
    if (s <= bottomMax) bottom += c;
    if (s >= 0 && s <= 10) {
      npsBase += c;
      if (s >= 9) promoters += c;
      else if (s <= 6) detractors += c;
    }
  }
  return {
    scored,
    sum,
    sumSq,
    topBox: scored > 0 ? (top / scored) * 100 : null,
    bottomBox: scored > 0 ? (bottom / scored) * 100 : null,
    npsBase,
    promoters,
    detractors,
  };
}
