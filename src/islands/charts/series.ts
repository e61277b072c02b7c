import type { ChartSpec, SpecSeries } from '../../shared/chart-spec';

/** Released series with their index in spec.series (suppressed ones are drawn as text instead). */
export function drawnSeries(spec: ChartSpec): { s: SpecSeries; i: number }[] {
  return spec.series.map((s, i) => ({ s, i })).filter(({ s }) => !s.suppressed);
}

/** Chart kinds uPlot draws (the rest stay SVG/HTML); kept here so the island's first chunk needn't load uPlot. */
export const UPLOT_KINDS = new Set(['bar', 'column', 'stacked-bar', 'stacked-bar-100', 'line', 'area']);

/** Below this chart width (phones) horizontal bar labels take half the width and up to three lines. */
export const NARROW = 420;
