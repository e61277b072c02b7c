import { type Bitset, countRange } from './bitset';
import { type BenchmarkInput, type FilterCategory, type Group, type ReportScope, compileBenchmark, frameOf, selectionOf } from './benchmarks';
import { computeStats } from './aggregate';
import { cellKeyGroupSize, computeCellKeyReport } from './cellkey/report';
import { AnalyticsError, type Cube, answeredBits, getColumn, universeBits } from './cube';
import { effectiveRange, trendGranularity } from './dates';
import type { Granularity } from './days';
import { selectionAllowed } from './filter-counts';
import type { Accuracy } from './margin-of-error';
import { foldShortText } from './short-text';
import { type Suppression, applySuppression } from './suppression';
import { type Bucket, buildPlan, bucketsOf } from './suppression-plan';
import type { BenchmarkCell, DataLocationResult, DataLocationSpec, GroupResult, ReportData } from './types';

/** Everything one data call needs; the data endpoint assembles it from the report, its charts and the request body. */
export interface ReportDataInput {
  dataLocations: DataLocationSpec[];
  /** At least one; labels default to A, B, C… on the client. */
  benchmarks: BenchmarkInput[];
  /** Filter categories available to the report (options with their conditions). */
  filters: FilterCategory[];
  report: ReportScope & {
    minN: number;
    multipleFilters?: number | null;
  };
  accuracy?: Accuracy;
  /**
   * A weighting scheme's weights, one per cube row (weighting/cube-weights.ts): shares, means and
   * margins are weighted; counts and every privacy rule stay people.
   */
  weights?: Float32Array | null;
  /** Time buckets; omitted or null = no buckets (spec granularity 0). */
  granularity?: Granularity | null;
  granularityStartDay?: number | null;
}

/**
 * Chart data for every data location with each benchmark side by side. Pure: the cube and the
 * input in, plain data out. Suppressed groups (suppression.ts) carry only `suppressed` and a reason.
 */
export function computeReportData(cube: Cube, input: ReportDataInput): ReportData {
  if (input.benchmarks.length === 0) throw new AnalyticsError('BAD_INPUT', 'at least one benchmark is required');
  for (const b of input.benchmarks) {
    if (!selectionAllowed(selectionOf(input.filters, b.filterOptionIds), input.report.multipleFilters)) {
      throw new AnalyticsError('BAD_INPUT', `benchmark ${b.label} combines filters the report does not allow`);
    }
  }
  if (input.report.protection === 'cellkey') return computeCellKeyReport(cube, input);
  const frame = frameOf(cube, input.report);
  const groups: Group[] = input.benchmarks.map((b) => compileBenchmark(cube, input.filters, b, input.report, frame));
  const g = input.granularity ? trendGranularity(input.granularity, frame.rules.granularity) : null;
  const buckets: Bucket[][] = groups.map((grp) => (g ? bucketsOf(cube, grp, g, input.granularityStartDay, frame) : []));
  const plan = buildPlan(cube, input.filters, groups, buckets, frame);
  const minN = input.report.minN;
  const groupPass = applySuppression(plan, null, minN);
  // The rows every group is drawn from: weighted block sums are kept with the cube (block-sums.ts).
  const base = universeBits(cube, input.report.includeIncomplete);

  const dataLocations = input.dataLocations.map((spec): DataLocationResult => {
    const col = getColumn(cube, spec.columnKey);
    // Numbers of every benchmark first: their `answered` counts are the sizes the rule needs.
    const stats = groups.map((grp, b) => (groupPass.wholes[b] ? null : computeStats(col, grp.bits, grp.lo, grp.hi, spec, minN, input.accuracy, input.weights, { base })));
    const sizes = stats.every((s) => s !== null) ? stats.map((s) => s!.answered) : undefined;
    const pass = applySuppression(plan, answeredBits(col), minN, groupPass, sizes);
    const result = (bits: Bitset, lo: number, hi: number, reason: Suppression['wholes'][number]): GroupResult =>
      reason ? { suppressed: true, reason } : { suppressed: false, stats: computeStats(col, bits, lo, hi, spec, minN, input.accuracy, input.weights, { base }) };
    const benchmarks = groups.map((grp, b): BenchmarkCell => {
      const reason = pass.wholes[b]!;
      const whole: GroupResult = reason ? { suppressed: true, reason } : { suppressed: false, stats: stats[b]! };
      const cell: BenchmarkCell = { label: grp.label, ...whole };
      if (g) {
        cell.buckets = buckets[b]!.map((t, i) => ({ period: t.period, startDay: t.startDay, endDay: t.endDay, ...result(grp.bits, t.lo, t.hi, pass.buckets[b]![i]!) }));
      }
      return cell;
    });
    const released = benchmarks.flatMap((c) => [c, ...(c.buckets ?? [])]).flatMap((r) => (r.suppressed ? [] : [r.stats]));
    const codes = col.kind === 'text' ? foldShortText(col.dictionary, released, minN, input.accuracy) : col.kind === 'numeric' ? [] : col.codes;
    return { id: spec.id, columnKey: col.key, kind: col.kind, codes, ...(g ? { granularity: g } : {}), benchmarks };
  });
  const [startDay, endDay] = effectiveRange(frame.rules, ...frame.reportRange, frame.reportRange);
  return { benchmarks: groups.map((grp) => ({ label: grp.label, startDay: grp.startDay, endDay: grp.endDay })), period: { startDay, endDay }, dataLocations };
}

/** Group sizes per benchmark, or null where suppressed (for the benchmark menu). */
export function benchmarkSizes(cube: Cube, input: Pick<ReportDataInput, 'benchmarks' | 'filters' | 'report'>): (number | null)[] {
  const frame = frameOf(cube, input.report);
  const groups = input.benchmarks.map((b) => compileBenchmark(cube, input.filters, b, input.report, frame));
  if (input.report.protection === 'cellkey') return groups.map((grp) => cellKeyGroupSize(cube, grp, input.report.minN, universeBits(cube, input.report.includeIncomplete)));
  const pass = applySuppression(buildPlan(cube, input.filters, groups, groups.map(() => []), frame), null, input.report.minN);
  return groups.map((grp, b) => (pass.wholes[b] ? null : countRange(grp.bits, grp.lo, grp.hi)));
}
