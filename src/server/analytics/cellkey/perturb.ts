import type { Bitset } from '../bitset';
import { groupCached } from '../block-sums';
import { type CubeColumn, answeredBits } from '../cube';
import { singleScale } from '../aggregate';
import { type WeightedSums, kish, weightedSd } from '../weighted';
import { type Accuracy, marginOfError, meanMarginOfError } from '../margin-of-error';
import type { DataLocationSpec, OptionStat, Stats } from '../types';
import { codeKeySums, derivedKey, keySum, optionKeySums } from './keys';
import { PTABLE_ROWS, PTABLE_D } from './ptable-data';
import { type SignatureGroup, coversExactly, signatureKeys, signatureSpan } from './signatures';
import { perturbCount } from './ptable';

/** Keys of the cells one group contributes to one data location. */
export interface CellKeys {
  /** The group's members. */
  group: number;
  /** Members who answered the question. */
  answered: number;
  /** Members per option (option order; short text: dictionary order). */
  options: Uint32Array;
  /** Numeric questions with NPS: members with a value 0–10, 9–10 and 0–6, and their true counts. */
  nps?: { base: [number, number]; promoters: [number, number]; detractors: [number, number] };
}

/** The cache part of a numeric column's keys with NPS (a column's keys without NPS are kept under the column itself). */
const npsParts = new WeakMap<CubeColumn, object>();
function partOf(col: CubeColumn, nps: boolean): object {
  if (!nps || col.kind !== 'numeric') return col;
  let p = npsParts.get(col);
  if (!p) npsParts.set(col, (p = {}));
  return p;
}

/**
 * The cell keys of rows of `bits` within [lo, hi) for a column (the same cells computeStats counts).
 * `base`: the report's universe, which holds `bits` (its block sums are kept, block-sums.ts); then
 * the whole result is kept per group identity and column, so a repeated group costs one lookup.
 * `parts`: contiguous row ranges that exactly cover [lo, hi) (a group's trend buckets): the keys
 * are the sums of the parts' keys (each kept the same way), modulo 2³² — bit-identical to a walk
 * over the whole range, without walking its members a second time.
 * `sig`: the group as universe ∧ selection (signatures.ts, checked on its rows): within the checked
 * range the keys are sums of the range's signature tables where those are kept or may be made.
 */
export function cellKeysOf(col: CubeColumn, keys: Uint32Array, bits: Bitset, lo: number, hi: number, nps: boolean, base?: Bitset | null, parts?: readonly { lo: number; hi: number }[] | null, sig?: SignatureGroup | null): CellKeys {
  // Signature tables answer in a few hundred additions: not kept per group (cheaper than the lookup).
  const fromTables = sig ? signatureKeys(sig, keys, col, lo, hi, nps, parts) : null;
  if (fromTables) return fromTables;
  const make = () => {
    if (parts && coversExactly(parts, lo, hi)) return sumOf(parts.map((t) => cellKeysOf(col, keys, bits, t.lo, t.hi, nps, base, null, sig)));
    // A range of its own: its whole chunks from the chunk tables, its members in the two edges walked.
    const span = sig ? signatureSpan(sig, keys, col, lo, hi, nps) : null;
    if (span) return sumOf([span.keys, walkedKeys(col, keys, bits, lo, span.lo, nps, base), walkedKeys(col, keys, bits, span.hi, hi, nps, base)]);
    return walkedKeys(col, keys, bits, lo, hi, nps, base);
  };
  if (!base || hi <= lo) return make();
  return groupCached(bits, lo, hi, keys, partOf(col, nps), make, (k) => 96 + k.options.byteLength + (k.nps ? 96 : 0));
}

/** The cell keys of the union of disjoint row sets: every key the sum of theirs modulo 2³², every count the sum of theirs. */
function sumOf(all: CellKeys[]): CellKeys {
  const first = all[0]!;
  const out: CellKeys = { group: 0, answered: 0, options: new Uint32Array(first.options.length) };
  const nps = first.nps ? { base: [0, 0] as [number, number], promoters: [0, 0] as [number, number], detractors: [0, 0] as [number, number] } : undefined;
  for (const k of all) {
    out.group = (out.group + k.group) >>> 0;
    out.answered = (out.answered + k.answered) >>> 0;
    // A Uint32Array element wraps the sum modulo 2³².
    for (let i = 0; i < out.options.length; i++) out.options[i] = out.options[i]! + k.options[i]!;
    if (nps && k.nps) {
      for (const f of ['base', 'promoters', 'detractors'] as const) {
        nps[f][0] += k.nps[f][0];
        nps[f][1] = (nps[f][1] + k.nps[f][1]) >>> 0;
      }
    }
  }
  if (nps) out.nps = nps;
  return out;
}

function walkedKeys(col: CubeColumn, keys: Uint32Array, bits: Bitset, lo: number, hi: number, nps: boolean, base?: Bitset | null): CellKeys {
  // The group's own key is shared by every column (kept per group); a column's sums are kept with
  // the whole CellKeys (cellKeysOf), so they are walked without keeping them a second time.
  const group = keySum(keys, bits, lo, hi, null, base);
  if (col.kind === 'multi') {
    const s = optionKeySums(keys, answeredBits(col), col.optionBits, bits, lo, hi, base, false);
    return { group, answered: s[0]!, options: s.subarray(1) };
  }
  if (col.kind === 'single' || col.kind === 'text') {
    const n = col.kind === 'single' ? col.codes.length : col.dictionary.length;
    const perCode = codeKeySums(keys, col.planes, Math.max(n, (1 << col.planes.length) - 1), bits, lo, hi, base, false);
    let answered = 0;
    for (let c = 1; c < perCode.length; c++) answered = (answered + perCode[c]!) >>> 0;
    return { group, answered, options: perCode.subarray(1, n + 1) };
  }
  const out: CellKeys = { group, answered: keySum(keys, bits, lo, hi, answeredBits(col), base, false), options: new Uint32Array(0) };
  if (nps) out.nps = numericNps(col, keys, bits, lo, hi);
  return out;
}

function numericNps(col: Extract<CubeColumn, { kind: 'numeric' }>, keys: Uint32Array, bits: Bitset, lo: number, hi: number): NonNullable<CellKeys['nps']> {
  const acc = new Uint32Array(3);
  const cnt = [0, 0, 0];
  const { data, values } = col;
  for (let w = lo >>> 5; hi > lo && w <= (hi - 1) >>> 5; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const t = x & -x;
      const r = (w << 5) + 31 - Math.clz32(t);
      x ^= t;
      if (r < lo || r >= hi) continue;
      const v = values[data[r]!]!;
      if (!(v >= 0 && v <= 10)) continue;
      const k = keys[r]!;
      acc[0] = acc[0]! + k;
      cnt[0]!++;
      if (v >= 9) {
        acc[1] = acc[1]! + k;
        cnt[1]!++;
      } else if (v <= 6) {
        acc[2] = acc[2]! + k;
        cnt[2]!++;
      }
    }
  }
  return { base: [cnt[0]!, acc[0]!], promoters: [cnt[1]!, acc[1]!], detractors: [cnt[2]!, acc[2]!] };
}

/** Salts of the derived keys for the magnitude noise of totals (sum, sum of squares; two draws each). */
const SALT = { sum: 0x5bd1e995, sumJitter: 0x27d4eb2f, sq: 0x165667b1, sqJitter: 0x9e3779b1 };
const TOP = PTABLE_ROWS[PTABLE_D]!;
const TWO32 = 4294967296;

/**
 * Magnitude noise in units of the column's largest absolute value: the top-class p-table noise
 * (−D … D, variance V) drawn with a derived key, plus a uniform jitter in [−½, ½) from another
 * derived key, so a perturbed total is never exactly its true total in a known share of cells.
 * Mean 0, variance V + 1/12, |z| ≤ D + ½.
 */
export function magnitudeNoise(cellKey: number, salt: number, jitterSalt: number): number {
  const k = derivedKey(cellKey, salt);
  let cum = 0;
  let d = TOP.lo + TOP.p.length - 1;
  for (let i = 0; i < TOP.p.length; i++) {
    cum += TOP.p[i]!;
    if (k < Math.round(cum * TWO32)) {
      d = TOP.lo + i;
      break;
    }
  }
  return d + derivedKey(cellKey, jitterSalt) / TWO32 - 0.5;
}

/**
 * The published numbers of a released cell in cell-key mode, from its true numbers and cell keys:
 * every count through the p-table (never 1 … m−1, 0 stays 0, same members → same count), every
 * share, box, NPS and margin from the perturbed counts, and for numeric questions the total and
 * the sum of squares perturbed by magnitudeNoise × the column's largest |value| (`scale`).
 * `optionKey(i)` gives an option's key when options were regrouped (short text's "Overig").
 *
 * With a weighting scheme (`sums`, the cell's weighted sums; `t` then carries the weighted
 * counts) every weighted total follows its people count: a weighted count is scaled by the ratio
 * perturbed / true count of the same cell (the cell's mean weight times its perturbed count, as
 * statistical offices perturb weighted tables), the weighted Σw·x and Σw·x² get the magnitude
 * noise times the cell's mean weight, and Kish's effective n is scaled with its base. So a
 * weighted number is never exact where its count is not (docs/perturbation.md).
 *
 * `own`: `t` was made for this call and nothing else holds it; unweighted, it is then perturbed in
 * place and returned (the same numbers, keys and key order as a new object).
 */
export function perturbStats(
  col: CubeColumn,
  t: Stats,
  k: CellKeys,
  spec: DataLocationSpec,
  m: number,
  accuracy: Accuracy | undefined,
  scale: number,
  optionKey?: (i: number) => number,
  sums?: WeightedSums,
  own = false,
): Stats {
  // The true numbers read below, taken before `t` may be written (own).
  const { groupSize: tGroupSize, answered: tAnswered, base: tBase, scored: tScored, mean: tMean, sd: tSd, effectiveN: tEffectiveN } = t;
  const groupSize = perturbCount(tGroupSize, m, k.group);
  const answered = perturbCount(tAnswered, m, k.answered);
  const counts: number[] = new Array<number>(t.options.length);
  let countSum = 0;
  for (let i = 0; i < counts.length; i++) {
    counts[i] = perturbCount(t.options[i]!.count, m, optionKey ? optionKey(i) : k.options[i]!);
    countSum += counts[i]!;
  }
  const answers = col.kind === 'multi' ? countSum : answered;
  const base = t.nMethod === 'answers' ? answers : t.nMethod === 'total' ? groupSize : answered;
  // Weighted: the share numerators and denominator, and the n of the margins.
  const wCounts = sums ? t.options.map((o, i) => (o.weightedCount ?? 0) * ratio(counts[i]!, o.count)) : null;
  const wAnswered = sums ? sums.answered * ratio(answered, tAnswered) : 0;
  const wBase = !sums ? base : t.nMethod === 'answers' ? wCounts!.reduce((s, c) => s + c, 0) : t.nMethod === 'total' ? sums.group * ratio(groupSize, tGroupSize) : wAnswered;
  const n = sums ? (tEffectiveN ?? 0) * ratio(base, tBase) : base;
  // Unweighted and `own` (t made for this call, kept by no one): its option objects and t itself
  // are written in place (same keys, same order as the literals below), no new objects per cell.
  const inPlace = own && !sums;
  const options: OptionStat[] = inPlace ? t.options : new Array<OptionStat>(t.options.length);
  for (let i = 0; i < options.length; i++) {
    const o = t.options[i]!;
    const count = counts[i]!;
    const share = wBase > 0 ? (wCounts ? wCounts[i]! : count) / wBase : null;
    const percentage = share === null ? null : share * 100;
    const moe = share === null ? null : marginOfError(n, accuracy, Math.min(share, 1));
    // Two literals rather than a spread of an optional part: a spread into a literal is a slow
    // object copy, and this runs for every option of every released cell (same keys, same order).
    if (inPlace) {
      o.count = count;
      o.percentage = percentage;
      o.marginOfError = moe;
      o.empty = count === 0;
      o.low = false;
    } else
      options[i] = wCounts
        ? { code: o.code, count, percentage, marginOfError: moe, weightedCount: wCounts[i]!, empty: count === 0, low: false }
        : { code: o.code, count, percentage, marginOfError: moe, empty: count === 0, low: false };
  }
  let out: Stats;
  if (inPlace) {
    out = t;
    out.groupSize = groupSize;
    out.answered = answered;
    out.answers = answers;
    out.base = base;
    out.marginOfError = marginOfError(n, accuracy);
  } else out = { ...t, groupSize, answered, answers, base, options, marginOfError: marginOfError(n, accuracy) };
  // Assigned, not spread in: t has these keys already when weighted (same places in the object).
  if (sums) (out.weightedBase = wBase), (out.effectiveN = n);
  if (col.kind === 'single') {
    const sc = singleScale(col.scores, wCounts ?? counts, spec);
    let scoredSq = sc.scored;
    if (sums) {
      // Σw² of the scored answers, each option's part scaled with its weighted count (squared).
      scoredSq = 0;
      for (let i = 0; i < col.scores.length; i++) if (!Number.isNaN(col.scores[i]!)) scoredSq += sums.perOptionSq[i + 1]! * ratio(counts[i]!, t.options[i]!.count) ** 2;
    }
    const scored = sums ? counts.reduce((s, c, i) => (Number.isNaN(col.scores[i]!) ? s : s + c), 0) : sc.scored;
    const sd = scored > 1 ? weightedSd(sc.scored, scoredSq, sc.sum, sc.sumSq) : null;
    out.scored = scored;
    out.mean = sc.scored > 0 ? sc.sum / sc.scored : null;
    out.topBox = sc.topBox;
    out.bottomBox = sc.bottomBox;
    out.nps = spec.nps && sc.npsBase > 0 ? ((sc.promoters - sc.detractors) / sc.npsBase) * 100 : null;
    out.sd = sd;
    out.meanMarginOfError = sd === null ? null : meanMarginOfError(sd, sums ? kish(sc.scored, scoredSq) : sc.scored, accuracy);
  } else if (col.kind === 'numeric') {
    const f = ratio(answered, tAnswered);
    // People: Σx, Σx² from the true mean and sd; weighted: Σw·x, Σw·x² from the weighted sums.
    const S = sums ? wAnswered : answered;
    const S2 = sums ? sums.answeredSq * f * f : answered;
    const meanWeight = sums && tAnswered > 0 ? sums.answered / tAnswered : 1;
    const trueSum = sums ? sums.sum * f : tMean === null ? 0 : tMean * tScored;
    const trueSq = sums ? sums.sumSq * f : tScored > 1 && tSd != null ? tSd * tSd * (tScored - 1) + (trueSum * trueSum) / tScored : tScored === 1 ? trueSum * trueSum : 0;
    const sum = trueSum + magnitudeNoise(k.answered, SALT.sum, SALT.sumJitter) * scale * meanWeight;
    const sumSq = Math.max(0, trueSq + magnitudeNoise(k.answered, SALT.sq, SALT.sqJitter) * scale * scale * meanWeight);
    const sd = answered > 1 ? weightedSd(S, S2, sum, sumSq) : null;
    out.scored = answered;
    out.mean = S > 0 ? sum / S : null;
    out.sd = sd;
    out.meanMarginOfError = sd === null ? null : meanMarginOfError(sd, sums ? kish(S, S2) : answered, accuracy);
    if (spec.nps && k.nps) {
      const [b, pr, de] = [perturbCount(k.nps.base[0], m, k.nps.base[1]), perturbCount(k.nps.promoters[0], m, k.nps.promoters[1]), perturbCount(k.nps.detractors[0], m, k.nps.detractors[1])];
      const wb = sums ? sums.npsBase * ratio(b, k.nps.base[0]) : b;
      const wp = sums ? sums.promoters * ratio(pr, k.nps.promoters[0]) : pr;
      const wd = sums ? sums.detractors * ratio(de, k.nps.detractors[0]) : de;
      out.nps = wb > 0 ? ((wp - wd) / wb) * 100 : null;
    }
  }
  return out;
}

/** A weighted total's scale: perturbed / true count of the same cell (0 for an empty cell). */
function ratio(perturbed: number, truth: number): number {
  return truth > 0 ? perturbed / truth : 0;
}

/** The largest absolute value a numeric column holds (its dictionary: a property of the survey, not of a group). */
export function magnitudeScale(col: CubeColumn): number {
  if (col.kind !== 'numeric') return 0;
  let s = 0;
  for (const v of col.values) if (v === v && Math.abs(v) > s) s = Math.abs(v);
  return s;
}
