import {
  AnalyticsError,
  type BenchmarkInput,
  benchmarkSizes,
  compileBenchmark,
  computeReportData,
  countRange,
  type Cube,
  dayFromIso,
  type FilterCategory,
  type SuppressionReason,
} from '../../analytics';
import type { IndicatorComparator, IndicatorMetric } from '../../db/schema';

/** Indicators have no report: like the project's filter lists, groups below 10 respondents are withheld. */
export const INDICATOR_MIN_N = 10;
/** Indicator date ranges count in whole months (README "Date choice"). */
export const INDICATOR_GRANULARITY = 'month' as const;

export interface IndicatorSpec {
  metric: IndicatorMetric;
  columnKey: string | null;
  answerCode: string | null;
  filterOptionIds: number[];
  startDate: string | null;
  endDate: string | null;
}

export type IndicatorOutcome =
  | { kind: 'value'; value: number }
  | { kind: 'suppressed'; reason: SuppressionReason }
  | { kind: 'noData'; reason: 'noAnswers' | 'folded' | 'noColumn' }
  | { kind: 'noData'; reason: 'weighting'; message: string };

/**
 * The indicator's value from the analytics engine (ARCHITECTURE §8), so min_n and the
 * differencing rules apply: a suppressed group gives no value, only the reason. With `weights`
 * (the indicator's weighting scheme, one per cube row) a percentage, mean or top box is weighted
 * exactly as in a weighted report; the response count and every privacy rule stay people. Pure.
 */
export function computeIndicatorValue(cube: Cube, catalog: FilterCategory[], spec: IndicatorSpec, minN = INDICATOR_MIN_N, weights: Float32Array | null = null): IndicatorOutcome {
  const benchmark: BenchmarkInput = {
    label: 'A',
    start: spec.startDate ? dayFromIso(spec.startDate) : null,
    end: spec.endDate ? dayFromIso(spec.endDate) : null,
    filterOptionIds: spec.filterOptionIds,
  };
  // No report, so no report period: the indicator's dates are snapped to whole months, and the
  // neighbour rule steps through time by month — a one-day shift of the dates reveals nobody.
  const report = { minN, multipleFilters: null, dateFilter: true, dateGranularity: INDICATOR_GRANULARITY };
  if (spec.metric === 'responses') {
    const [size] = benchmarkSizes(cube, { benchmarks: [benchmark], filters: catalog, report });
    if (size !== null && size !== undefined) return { kind: 'value', value: size };
    // Why it is withheld: too small, or too close to a group anyone can get. The size stays here.
    const group = compileBenchmark(cube, catalog, benchmark, {});
    return { kind: 'suppressed', reason: countRange(group.bits, group.lo, group.hi) < minN ? 'group_below_min_n' : 'differencing' };
  }
  if (!spec.columnKey || !cube.byKey.has(spec.columnKey)) return { kind: 'noData', reason: 'noColumn' };
  let cell;
  let codes: string[];
  try {
    const data = computeReportData(cube, { dataLocations: [{ id: 'indicator', columnKey: spec.columnKey, boxSize: 2 }], benchmarks: [benchmark], filters: catalog, report, weights });
    cell = data.dataLocations[0]!.benchmarks[0]!;
    codes = data.dataLocations[0]!.codes;
  } catch (err) {
    if (err instanceof AnalyticsError) return { kind: 'noData', reason: 'noColumn' };
    throw err;
  }
  if (cell.suppressed) return { kind: 'suppressed', reason: cell.reason };
  const stats = cell.stats;
  if (spec.metric === 'percentage') {
    if (!codes.includes(spec.answerCode ?? '')) return { kind: 'noData', reason: 'folded' };
    const option = stats.options.find((o) => o.code === spec.answerCode);
    return option?.percentage === null || option?.percentage === undefined ? { kind: 'noData', reason: 'noAnswers' } : { kind: 'value', value: option.percentage };
  }
  const value = spec.metric === 'mean' ? stats.mean : stats.topBox;
  return value === null ? { kind: 'noData', reason: 'noAnswers' } : { kind: 'value', value };
}

export function crosses(value: number, comparator: IndicatorComparator, threshold: number): boolean {
  switch (comparator) {
    case 'greater':
      return value > threshold;
    case 'greaterOrEqual':
      return value >= threshold;
    case 'less':
      return value < threshold;
    case 'lessOrEqual':
      return value <= threshold;
  }
}
