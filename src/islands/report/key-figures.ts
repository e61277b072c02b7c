import { chartsWeightingNote } from '../../shared/chart/weighting-note';
import type { ReportDataAnswer } from './use-report-data';

/** Key figures of the summary tab, computed from the data answer only (suppressed groups stay numberless). */
export interface BenchmarkFigure {
  label: string;
  start: string | null;
  end: string | null;
  /** Largest released group size over the data locations; null when every cell is suppressed. */
  respondents: number | null;
}

export interface ChartFigure {
  chartId: number;
  /** Per benchmark: the mean, or the most chosen option with its %, or null when suppressed. */
  cells: ({ kind: 'mean'; value: number; n: number } | { kind: 'scale'; topBox: number; mean: number | null; n: number } | { kind: 'top'; label: string; percentage: number; n: number } | null)[];
}

export function benchmarkFigures(data: ReportDataAnswer): BenchmarkFigure[] {
  return data.benchmarks.map((b, i) => {
    let respondents: number | null = null;
    for (const d of data.dataLocations) {
      const cell = d.benchmarks[i];
      if (cell && !cell.suppressed) respondents = Math.max(respondents ?? 0, cell.stats.groupSize);
    }
    return { label: b.label, start: b.start, end: b.end, respondents };
  });
}

/**
 * The figures researchers read per chart and benchmark: a scale (scored answers, e.g. a 4-item
 * matrix) → the top-box share and the mean over its items, weighted by n; a number → the mean;
 * other choices → the answer chosen most. Suppressed cells stay empty.
 */
export function chartFigures(data: ReportDataAnswer, chartIds: number[]): ChartFigure[] {
  return chartIds.flatMap((chartId) => {
    const locs = data.dataLocations.filter((x) => x.chartId === chartId);
    const d = locs[0];
    if (!d) return [];
    const cells = d.benchmarks.map((cell, b): ChartFigure['cells'][number] => {
      if (cell.suppressed) return null;
      const { stats } = cell;
      if (d.kind === 'numeric') return stats.mean === null ? null : { kind: 'mean', value: stats.mean, n: stats.base };
      // Scored items: weighted over every item of the chart that is released for this benchmark.
      const items = locs.map((l) => l.benchmarks[b]).flatMap((c) => (c && !c.suppressed && c.stats.topBox !== null && c.stats.topBox !== undefined ? [c.stats] : []));
      if (items.length && items.length === locs.length) {
        const n = items.reduce((s, x) => s + x.scored, 0) || items.reduce((s, x) => s + x.base, 0);
        const w = (x: (typeof items)[number]) => x.scored || x.base;
        const topBox = items.reduce((s, x) => s + x.topBox! * w(x), 0) / (n || 1);
        const means = items.filter((x) => x.mean !== null);
        const mean = means.length === items.length ? means.reduce((s, x) => s + x.mean! * w(x), 0) / (n || 1) : null;
        return { kind: 'scale', topBox, mean, n: Math.max(...items.map((x) => x.base)) };
      }
      const best = stats.options.reduce<(typeof stats.options)[number] | null>((top, o) => (o.percentage !== null && (!top || o.count > top.count) ? o : top), null);
      if (!best || best.percentage === null) return null;
      const index = d.codes.indexOf(best.code);
      return { kind: 'top', label: d.labels?.[index] ?? best.code, percentage: best.percentage, n: stats.base };
    });
    return [{ chartId, cells }];
  });
}

/** The key figures' weighting line (weighting-note.ts), for the charts of the tab. */
export function summaryWeightingNote(data: ReportDataAnswer, charts: { id: number; title: string }[]): string | null {
  return chartsWeightingNote(data.weighting?.label, charts.map((c) => ({ title: c.title, locs: data.dataLocations.filter((l) => l.chartId === c.id) })));
}
