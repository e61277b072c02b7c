import { chartsNl } from '../i18n/charts';
import type { ChartSpec, SpecSeries } from './types';

const formatters = new Map<number, Intl.NumberFormat>();
function nf(decimals: number): Intl.NumberFormat {
  let f = formatters.get(decimals);
  if (!f) formatters.set(decimals, (f = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return f;
}

/** Dutch number: 1.234 or 45,6. */
export function formatNumber(value: number, decimals = 0): string {
  return nf(decimals).format(value);
}

/**
 * How one cell reads: '45%', '123', '45% (123)', '7,4'. Null (suppressed or missing) reads as
 * an en dash — never a number.
 */
export function formatCell(spec: Pick<ChartSpec, 'format' | 'unit' | 'decimals' | 'showN'>, value: number | null, count?: number | null): string {
  if (value === null || !Number.isFinite(value)) return '–';
  const main = `${formatNumber(value, spec.decimals)}${spec.unit}`;
  if (spec.format === 'percentage-count' && count !== null && count !== undefined) return `${main} (${formatNumber(count)})`;
  return main;
}

/**
 * Which legend a chart gets, the same in every renderer: none when 'Toon legenda' is off or when
 * there is one series only (its name is the chart's); pies and single-series colour-per-answer
 * charts name the categories only when the axis doesn't (pies); else the series.
 */
export function legendKind(spec: Pick<ChartSpec, 'showLegend' | 'series' | 'kind' | 'colorBy'>): 'series' | 'categories' | 'none' {
  if (spec.showLegend === false) return 'none';
  if (spec.kind === 'pie' || spec.kind === 'donut') return 'categories';
  if (spec.kind.startsWith('stacked')) return 'series';
  return spec.series.length > 1 ? 'series' : 'none';
}

/** ' *' after a value that differs significantly from another benchmark's (see ChartSpec.significant). */
export function sigMark(spec: Pick<ChartSpec, 'significant'>, seriesIndex: number, categoryIndex: number): string {
  return spec.significant?.[seriesIndex]?.[categoryIndex] ? ' *' : '';
}

/** Legend text of a series: its label, with 'n = …' when asked, or the suppression text. */
export function seriesLegend(spec: Pick<ChartSpec, 'showN'>, s: SpecSeries): string {
  if (s.suppressed) return `${s.label}: ${chartsNl.suppressed}`;
  return spec.showN && s.n !== null ? `${s.label} (${chartsNl.n(s.n)})` : s.label;
}

/** The names of the benchmarks a cell differs from significantly (pairwise; empty when none). */
export function sigPartners(spec: Pick<ChartSpec, 'significantWith' | 'series'>, seriesIndex: number, categoryIndex: number): string[] {
  return (spec.significantWith?.[seriesIndex]?.[categoryIndex] ?? []).map((j) => spec.series[j]?.label ?? '').filter(Boolean);
}
