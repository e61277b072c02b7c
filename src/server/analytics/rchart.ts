import { type BenchmarkInput, type FilterCategory, selectionOf } from './benchmarks';
import { AnalyticsError, type Cube, type CubeColumn, getColumn } from './cube';
import { type Granularity, isoFromDay, periodStart } from './days';
import { selectionAllowed } from './filter-counts';
import type { Accuracy } from './margin-of-error';
import { type ReportDataInput, computeReportData } from './report';
import { OTHER_CODE } from './short-text';
import type { GroupResult, Stats } from './types';

/** The form values of an R chart as the engine needs them (src/shared/rchart.ts RChartValues without the survey). */
export type RChartSpec =
  | { analysis: 'crosstab' | 'mean-by-group'; question: string; by: string }
  | { analysis: 'trend'; question: string; measure: 'percentage' | 'mean'; option?: string; granularity: 'month' | 'quarter' | 'year' }
  | { analysis: 'top-bottom'; question: string; direction: 'top' | 'bottom'; limit: number };

export type RChartKind = 'single' | 'scored' | 'multi' | 'numeric' | 'text';

/** A column's kind in the R chart form's terms: single choice with scores counts as `scored`. */
export function rchartKind(col: CubeColumn): RChartKind {
  if (col.kind === 'single') return Array.from(col.scores).some((s) => !Number.isNaN(s)) ? 'scored' : 'single';
  return col.kind;
}

export interface RChartEngineRow {
  /** Answer code, period start (yyyy-mm-dd), or '__total__'. */
  key: string;
  n: number | null;
  suppressed: boolean;
  values: (number | null)[];
}

export interface RChartEngineTable {
  label: string;
  startDay: number;
  endDay: number;
  suppressed: boolean;
  rows: RChartEngineRow[];
}

export interface RChartComputed {
  columns: { key: string; unit: 'percentage' | 'mean' | 'marginOfError' | 'count' }[];
  /** Trend only: the granularity of the rows (the report's date granularity when the asked one is finer). */
  granularity?: Granularity;
  tables: RChartEngineTable[];
}

export interface RChartInput {
  spec: RChartSpec;
  benchmarks: BenchmarkInput[];
  filters: FilterCategory[];
  report: ReportDataInput['report'];
  accuracy?: Accuracy;
  /** A weighting scheme's weights per cube row (report setting weighting_id). */
  weights?: Float32Array | null;
}

export const TOTAL_KEY = '__total__';
/** The grouping question as an extra filter category; negative ids never clash with stored ones. */
const BY_CATEGORY = -1;

const stats = (r: GroupResult): Stats | null => (r.suppressed ? null : r.stats);
const row = (key: string, r: GroupResult, n: (s: Stats) => number | null, values: (s: Stats | null) => (number | null)[]): RChartEngineRow => {
  const s = stats(r);
  return { key, n: s ? n(s) : null, suppressed: !s, values: values(s) };
};


/**
 * Crosstab and mean-by-group: per benchmark the group itself ("Totaal") and the group AND each
 * answer of the grouping question, all computed in one engine call so the suppression plan
 * (min_n, differencing between the nested groups) covers every row together.
 */
function byGroups(cube: Cube, input: RChartInput, spec: Extract<RChartSpec, { by: string }>): RChartComputed {
  const byCol = getColumn(cube, spec.by);
  if (byCol.kind !== 'single') throw new AnalyticsError('BAD_INPUT', `grouping column ${spec.by} is not single choice`);
  const q = getColumn(cube, spec.question);
  const byCat: FilterCategory = {
    id: BY_CATEGORY,
    options: byCol.codes.map((code, i) => ({ id: -(i + 1), categoryId: BY_CATEGORY, conditions: [{ columnKey: spec.by, comparator: 'equal', value: code }] })),
  };
  const flat = input.benchmarks.flatMap((b) => [b, ...byCol.codes.map((_, i) => ({ ...b, filterOptionIds: [...b.filterOptionIds, -(i + 1)] }))]);
  const out = computeReportData(cube, {
    dataLocations: [{ id: 'q', columnKey: spec.question }],
    benchmarks: flat,
    filters: [...input.filters, byCat],
    report: { ...input.report, multipleFilters: null },
    accuracy: input.accuracy,
    weights: input.weights,
  });
  const cells = out.dataLocations[0]!.benchmarks;
  const keys = [TOTAL_KEY, ...byCol.codes];
  const per = keys.length;
  const crosstab = spec.analysis === 'crosstab';
  const codes = q.kind === 'single' || q.kind === 'multi' ? q.codes : [];
  const columns: RChartComputed['columns'] = crosstab ? codes.map((key) => ({ key, unit: 'percentage' })) : [{ key: 'mean', unit: 'mean' }, { key: 'marginOfError', unit: 'marginOfError' }];
  const tables = input.benchmarks.map((_, bi): RChartEngineTable => {
    const info = out.benchmarks[bi * per]!;
    const rows = keys.map((key, k) => {
      const cell = cells[bi * per + k]!;
      return crosstab
        ? row(key, cell, (s) => s.base, (s) => codes.map((_, i) => (s ? s.options[i]!.percentage : null)))
        : row(key, cell, (s) => s.scored, (s) => (s ? [s.mean, s.meanMarginOfError ?? null] : [null, null]));
    });
    return { label: info.label, startDay: info.startDay, endDay: info.endDay, suppressed: rows[0]!.suppressed, rows };
  });
  return { columns, tables };
}

/** Trend: per benchmark one row per calendar period (the engine's time buckets, each suppressed on its own). */
function trend(cube: Cube, input: RChartInput, spec: Extract<RChartSpec, { analysis: 'trend' }>): RChartComputed {
  const q = getColumn(cube, spec.question);
  const optionIndex = spec.measure === 'percentage' && (q.kind === 'single' || q.kind === 'multi') ? q.codes.indexOf(spec.option ?? '') : -1;
  if (spec.measure === 'percentage' && optionIndex < 0) throw new AnalyticsError('BAD_INPUT', `unknown option ${spec.option} of ${spec.question}`);
  const out = computeReportData(cube, { dataLocations: [{ id: 'q', columnKey: spec.question }], benchmarks: input.benchmarks, filters: input.filters, report: input.report, accuracy: input.accuracy, weights: input.weights, granularity: spec.granularity });
  const mean = spec.measure === 'mean';
  const g = out.dataLocations[0]!.granularity ?? spec.granularity;
  const tables = out.dataLocations[0]!.benchmarks.map((cell, bi): RChartEngineTable => {
    const info = out.benchmarks[bi]!;
    const rows = (cell.buckets ?? []).map((b) =>
      row(isoFromDay(periodStart(b.period, g)), b, (s) => (mean ? s.scored : s.base), (s) => [s ? (mean ? s.mean : s.options[optionIndex]!.percentage) : null]),
    );
    return { label: info.label, startDay: info.startDay, endDay: info.endDay, suppressed: cell.suppressed, rows };
  });
  return { columns: [{ key: mean ? 'mean' : 'percentage', unit: mean ? 'mean' : 'percentage' }], granularity: g, tables };
}

/** Top or bottom answers by count (ties keep the answer order); short-text rarities stay inside "Overig" and are not ranked. */
function topBottom(cube: Cube, input: RChartInput, spec: Extract<RChartSpec, { analysis: 'top-bottom' }>): RChartComputed {
  const out = computeReportData(cube, { dataLocations: [{ id: 'q', columnKey: spec.question }], benchmarks: input.benchmarks, filters: input.filters, report: input.report, accuracy: input.accuracy, weights: input.weights });
  const tables = out.dataLocations[0]!.benchmarks.map((cell, bi): RChartEngineTable => {
    const info = out.benchmarks[bi]!;
    const s = stats(cell);
    const ranked = (s?.options ?? []).map((o, i) => ({ o, i })).filter(({ o }) => o.code !== OTHER_CODE);
    ranked.sort((a, b) => (spec.direction === 'top' ? b.o.count - a.o.count : a.o.count - b.o.count) || a.i - b.i);
    const rows = ranked.slice(0, spec.limit).map(({ o }) => ({ key: o.code, n: s!.base, suppressed: false, values: [o.percentage, o.count] }));
    return { label: info.label, startDay: info.startDay, endDay: info.endDay, suppressed: !s, rows };
  });
  return { columns: [{ key: 'percentage', unit: 'percentage' }, { key: 'count', unit: 'count' }], tables };
}

/**
 * An R chart's analysis over one survey's cube, every number through computeReportData (so min_n
 * suppression, differencing and short-text grouping apply as on any chart). The benchmarks must
 * respect the report's multiple_filters mode; the grouping question is added beside them.
 */
export function computeRChart(cube: Cube, input: RChartInput): RChartComputed {
  if (input.benchmarks.length === 0) throw new AnalyticsError('BAD_INPUT', 'at least one benchmark is required');
  for (const b of input.benchmarks) {
    if (!selectionAllowed(selectionOf(input.filters, b.filterOptionIds), input.report.multipleFilters)) throw new AnalyticsError('BAD_INPUT', `benchmark ${b.label} combines filters the report does not allow`);
  }
  const spec = input.spec;
  if (spec.analysis === 'trend') return trend(cube, input, spec);
  if (spec.analysis === 'top-bottom') return topBottom(cube, input, spec);
  return byGroups(cube, input, spec);
}
