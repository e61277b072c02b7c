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
  cells: ({ kind: 'mean'; value: number } | { kind: 'top'; label: string; percentage: number } | null)[];
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

/** The first data location of each chart: numeric → mean; choice → the most chosen option. */
export function chartFigures(data: ReportDataAnswer, chartIds: number[]): ChartFigure[] {
  return chartIds.flatMap((chartId) => {
    const d = data.dataLocations.find((x) => x.chartId === chartId);
    if (!d) return [];
    const cells = d.benchmarks.map((cell): ChartFigure['cells'][number] => {
      if (cell.suppressed) return null;
      const { stats } = cell;
      if (d.kind === 'numeric') return stats.mean === null ? null : { kind: 'mean', value: stats.mean };
      const best = stats.options.reduce<(typeof stats.options)[number] | null>((top, o) => (o.percentage !== null && (!top || o.count > top.count) ? o : top), null);
      if (!best || best.percentage === null) return null;
      const index = d.codes.indexOf(best.code);
      return { kind: 'top', label: d.labels?.[index] ?? best.code, percentage: best.percentage };
    });
    return [{ chartId, cells }];
  });
}
