import { type Bitset, andCountRange, countRange } from '../bitset';
import { type BenchmarkInput, type FilterCategory, type Group, type ReportScope, compileBenchmark, frameOf } from '../benchmarks';
import { computeStats } from '../aggregate';
import { groupCached } from '../block-sums';
import { type Cube, type CubeColumn, answeredBits, getColumn, universeBits } from '../cube';
import { effectiveRange, trendGranularity } from '../dates';
import { OTHER_CODE, foldShortText } from '../short-text';
import { type Bucket, bucketsOf } from '../suppression-plan';
import type { Granularity } from '../days';
import type { Accuracy } from '../margin-of-error';
import type { BenchmarkCell, BucketResult, DataLocationResult, DataLocationSpec, GroupResult, ReportData, Stats, SuppressionReason } from '../types';
import { type WeightedSums, weightedSums } from '../weighted';
import { keySum, recordKeysOf } from './keys';
import { type CellKeys, cellKeysOf, magnitudeScale, perturbStats } from './perturb';
import { perturbCount } from './ptable';
import { type ClassIndex, type SignatureGroup, classIndexOf, rangeKey, signatureCell, signatureGroup } from './signatures';

/** What computeReportData passes on (its ReportDataInput). */
export interface CellKeyInput {
  dataLocations: DataLocationSpec[];
  benchmarks: BenchmarkInput[];
  filters: FilterCategory[];
  report: ReportScope & { minN: number };
  accuracy?: Accuracy;
  /** A weighting scheme's weights (one per cube row): weighted numbers are perturbed with their counts (perturbStats). */
  weights?: Float32Array | null;
  granularity?: Granularity | null;
  granularityStartDay?: number | null;
}

/**
 * Report data in cell-key mode (docs/perturbation.md): R1 (a group of fewer than m, or fewer than
 * m who answered, shows nothing) and every released number perturbed by its cell's key. The
 * neighbour and differencing rules of suppress mode are not applied: every released count carries
 * noise fixed by its members, so differences of released counts are no longer exact.
 * The caller (computeReportData) has validated the benchmarks.
 */
export function computeCellKeyReport(cube: Cube, input: CellKeyInput): ReportData {
  const keys = recordKeysOf(cube);
  const m = input.report.minN;
  const frame = frameOf(cube, input.report);
  const groups: Group[] = input.benchmarks.map((b) => compileBenchmark(cube, input.filters, b, input.report, frame));
  const g = input.granularity ? trendGranularity(input.granularity, frame.rules.granularity) : null;
  const buckets: Bucket[][] = groups.map((grp) => (g ? bucketsOf(cube, grp, g, input.granularityStartDay, frame) : []));
  const groupSmall = (bits: Bitset, lo: number, hi: number) => countRange(bits, lo, hi) < m;
  // The rows every group is drawn from: their block sums are kept with the cube (block-sums.ts).
  const base = universeBits(cube, input.report.includeIncomplete);
  // Filter signatures (signatures.ts): a group that is exactly universe ∧ selection takes its keys
  // from per-class tables of its range; tables are made for the ranges of the benchmarks on the
  // report's dates and their trend buckets (shared by every such benchmark); other ranges use kept
  // tables or whole chunks (a date range of its own).
  // Made on the first cell that is not kept already, so a repeated report checks nothing.
  const sigs = new Map<number, SignatureGroup | null>();
  let signatures: { index: ClassIndex; shared: Set<number> } | null | undefined;
  const sigOf = (b: number): SignatureGroup | null => {
    if (signatures === undefined) {
      const index = classIndexOf(cube, input.filters, base);
      signatures = index && { index, shared: new Set() };
      input.benchmarks.forEach((bench, i) => {
        if (!signatures || bench.start != null || bench.end != null) return;
        signatures.shared.add(rangeKey(signatures.index, groups[i]!.lo, groups[i]!.hi));
        for (const t of buckets[i]!) signatures.shared.add(rangeKey(signatures.index, t.lo, t.hi));
      });
    }
    if (!sigs.has(b)) sigs.set(b, signatures && signatureGroup(signatures.index, input.filters, groups[b]!, signatures.shared));
    return sigs.get(b)!;
  };

  const dataLocations = input.dataLocations.map((spec): DataLocationResult => {
    const col = getColumn(cube, spec.columnKey);
    const answered = answeredBits(col);
    const scale = magnitudeScale(col);
    /** A released cell's true numbers and keys (perturbed once short text is folded). */
    const pending: { stats: Stats; keys: CellKeys; sums?: WeightedSums }[] = [];
    const weights = input.weights ?? null;
    const text = col.kind === 'text';
    const part = text ? null : releasePart(col, spec, m, input.accuracy);
    /** `parts`: the group's trend buckets, whose keys add up to the group's when they cover its range (cellKeysOf). */
    const released = (bits: Bitset, lo: number, hi: number, b: number, parts?: Bucket[]): GroupResult => {
      const sig = sigOf(b);
      // A group that is universe ∧ selection: its keys and counts from the signature tables (signatures.ts).
      const known = sig ? signatureCell(sig, keys, col, lo, hi, !!spec.nps, parts) : null;
      const small = known ? known.groupSize < m : groupSmall(bits, lo, hi);
      const reason: SuppressionReason | null = small ? 'group_below_min_n' : (known ? known.answered : andCountRange(bits, answered, lo, hi)) < m ? 'answered_below_min_n' : null;
      if (reason) return { suppressed: true, reason };
      const sums = weights ? weightedSums(col, bits, lo, hi, weights, !!spec.nps, base) : undefined;
      const stats = computeStats(col, bits, lo, hi, spec, m, input.accuracy, weights, known ? { base, sums, counts: known } : { base, sums });
      const k = known ? known.keys : cellKeysOf(col, keys, bits, lo, hi, !!spec.nps, base, parts, sig);
      if (text) {
        pending.push({ stats, keys: k, ...(sums ? { sums } : {}) });
        return { suppressed: false, stats };
      }
      // `stats` was made for this call and is kept by no one: perturbed in place (perturbStats).
      return { suppressed: false, stats: perturbStats(col, stats, k, spec, m, input.accuracy, scale, undefined, sums, true) };
    };
    // A cell's published numbers depend only on its rows, the column, the data location's settings,
    // m, the accuracy and the weights: kept per group identity (block-sums.ts), so a repeated cell
    // costs one lookup. Short text is not kept: its listed values depend on every cell of the location.
    const cell = (bits: Bitset, lo: number, hi: number, b: number, parts?: Bucket[]): GroupResult =>
      part && hi > lo ? groupCached(bits, lo, hi, weights ?? NO_WEIGHTS, part, () => released(bits, lo, hi, b, parts), resultBytes) : released(bits, lo, hi, b, parts);
    const benchmarks = groups.map((grp, b): BenchmarkCell => {
      const out: BenchmarkCell = { label: grp.label, ...cell(grp.bits, grp.lo, grp.hi, b, g ? buckets[b] : undefined) };
      if (g) out.buckets = buckets[b]!.map((t) => bucketResult(t, cell(grp.bits, t.lo, t.hi, b)));
      return out;
    });
    let codes: string[] = col.kind === 'numeric' ? [] : col.kind === 'single' || col.kind === 'multi' ? col.codes : [];
    let optionKey: ((k: CellKeys) => (i: number) => number) | undefined;
    if (col.kind === 'text') {
      // Which values are listed is decided on the true counts (as in suppress mode); "Overig" is
      // the union of the folded values, so its key is the sum of their keys.
      codes = foldShortText(col.dictionary, pending.map((p) => p.stats), m, input.accuracy);
      const index = new Map(col.dictionary.map((d, i) => [d, i]));
      const listed = new Set(codes.filter((c) => c !== OTHER_CODE).map((c) => index.get(c)!));
      optionKey = (k) => (i) => {
        const code = codes[i]!;
        if (code !== OTHER_CODE) return k.options[index.get(code)!]!;
        let s = 0;
        for (let j = 0; j < k.options.length; j++) if (!listed.has(j)) s = (s + k.options[j]!) >>> 0;
        return s;
      };
    }
    // Other columns' cells are final already (released perturbs them); short text's are swapped
    // for their perturbed numbers here.
    const perturbed = new Map(pending.map((p) => [p.stats, perturbStats(col, p.stats, p.keys, spec, m, input.accuracy, scale, optionKey?.(p.keys), p.sums)]));
    const swap = (r: GroupResult): GroupResult => (r.suppressed ? r : { suppressed: false, stats: perturbed.get(r.stats)! });
    const result = !text ? benchmarks : benchmarks.map((c): BenchmarkCell => ({ ...c, ...swap(c), ...(c.buckets ? { buckets: c.buckets.map((t) => ({ ...t, ...swap(t) })) } : {}) }));
    return { id: spec.id, columnKey: col.key, kind: col.kind, codes, ...(g ? { granularity: g } : {}), benchmarks: result };
  });
  const [startDay, endDay] = effectiveRange(frame.rules, ...frame.reportRange, frame.reportRange);
  return { benchmarks: groups.map((grp) => ({ label: grp.label, startDay: grp.startDay, endDay: grp.endDay })), period: { startDay, endDay }, dataLocations };
}

/** A bucket's result: its period and days, then its cell (the keys in this order; no spread of the cell, a slow copy per bucket). */
function bucketResult(t: Bucket, r: GroupResult): BucketResult {
  return r.suppressed
    ? { period: t.period, startDay: t.startDay, endDay: t.endDay, suppressed: true, reason: r.reason }
    : { period: t.period, startDay: t.startDay, endDay: t.endDay, suppressed: false, stats: r.stats };
}

/** The cache part of a column's released cells under one data location's settings, m and accuracy. */
const releaseParts = new WeakMap<CubeColumn, Map<string, object>>();
function releasePart(col: CubeColumn, spec: DataLocationSpec, m: number, accuracy: Accuracy | undefined): object {
  let byKey = releaseParts.get(col);
  if (!byKey) releaseParts.set(col, (byKey = new Map()));
  const key = `${spec.nMethod ?? ''}|${spec.boxSize ?? ''}|${spec.nps ? 1 : 0}|${m}|${accuracy?.populationSize ?? ''}|${accuracy?.confidenceLevel ?? ''}`;
  let p = byKey.get(key);
  if (!p) byKey.set(key, (p = {}));
  return p;
}

/** The source of the kept cells of unweighted reports. */
const NO_WEIGHTS = {};

/** Estimated bytes of a kept cell. */
function resultBytes(r: GroupResult): number {
  return r.suppressed ? 64 : 400 + 160 * r.stats.options.length;
}

/** Cell-key mode: a group's published size, or null below m (R1). */
export function cellKeyGroupSize(cube: Cube, g: { bits: Bitset; lo: number; hi: number }, m: number, base?: Bitset | null): number | null {
  const n = countRange(g.bits, g.lo, g.hi);
  if (n < m) return null;
  return perturbCount(n, m, keySum(recordKeysOf(cube), g.bits, g.lo, g.hi, null, base));
}
