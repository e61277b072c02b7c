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
 * A count as every renderer writes it: '123', or 'ca. 123' in cell-key mode (spec.approximate:
 * the count carries a small fixed noise and must not read as exact).
 */
export function formatCount(spec: Pick<ChartSpec, 'approximate'>, count: number): string {
  return spec.approximate ? chartsNl.approx(formatNumber(count)) : formatNumber(count);
}

/**
 * 'n=123' after a value or in a table head, 'n = 123' (sep ' = ') in a legend or hover text;
 * 'n=ca. 123' in cell-key mode.
 */
export function nText(spec: Pick<ChartSpec, 'approximate'>, n: number, sep: '=' | ' = ' = '='): string {
  return `n${sep}${formatCount(spec, n)}`;
}

/**
 * How one cell reads: '45%', '123', '45% (123)', '7,4' (counts 'ca. 123' in cell-key mode). Null
 * (suppressed or missing) reads as an en dash — never a number.
 */
export function formatCell(spec: Pick<ChartSpec, 'format' | 'unit' | 'decimals' | 'showN' | 'approximate'>, value: number | null, count?: number | null): string {
  if (value === null || !Number.isFinite(value)) return '–';
  if (spec.format === 'count' && spec.approximate) return `${formatCount(spec, value)}${spec.unit}`;
  const main = `${formatNumber(value, spec.decimals)}${spec.unit}`;
  if (spec.format === 'percentage-count' && count !== null && count !== undefined) return `${main} (${formatCount(spec, count)})`;
  return main;
}

/**
 * The value label of a cell, one rule for uPlot, SVG and PDF: the formatted value, ' (n=123)' with
 * 'Toon n' (unless the format already shows the count), then the significance mark.
 */
export function valueText(spec: Pick<ChartSpec, 'format' | 'unit' | 'decimals' | 'showN' | 'approximate'>, value: number | null, count: number | null | undefined, mark = ''): string {
  const n = spec.showN && spec.format !== 'percentage-count' && count !== null && count !== undefined && value !== null ? ` (${nText(spec, count)})` : '';
  return formatCell(spec, value, count) + n + mark;
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

/**
 * The value axis of stacked bars, one rule for uPlot, SVG and PDF: the chart's own maximum, 100
 * for a 100% stack, else the longest bar — so the longest bar fills the plot whatever the number
 * of bars or benchmarks (a rounded-up axis left one bar of 100.0000001% ending halfway).
 */
export function stackedAxisMax(spec: Pick<ChartSpec, 'kind' | 'range' | 'series' | 'categories'>): number {
  if (spec.range.max !== null && spec.range.max > 0) return spec.range.max;
  if (spec.kind === 'stacked-bar-100') return 100;
  const totals = spec.categories.map((_, ci) => spec.series.reduce((sum, s) => sum + Math.max(0, s.values[ci] ?? 0), 0));
  const longest = Math.max(0, ...totals.filter((t) => Number.isFinite(t)));
  return longest > 0 ? longest : 1;
}

/** ' *' after a value that differs significantly from another benchmark's (see ChartSpec.significant). */
export function sigMark(spec: Pick<ChartSpec, 'significant'>, seriesIndex: number, categoryIndex: number): string {
  return spec.significant?.[seriesIndex]?.[categoryIndex] ? ' *' : '';
}

/** Legend text of a series: its label, with 'n = …' when asked, or the suppression text. */
export function seriesLegend(spec: Pick<ChartSpec, 'showN' | 'approximate'>, s: SpecSeries): string {
  if (s.suppressed) return `${s.label}: ${chartsNl.suppressed}`;
  return spec.showN && s.n !== null ? `${s.label} (${nText(spec, s.n, ' = ')})` : s.label;
}

/** The names of the benchmarks a cell differs from significantly (pairwise; empty when none). */
export function sigPartners(spec: Pick<ChartSpec, 'significantWith' | 'series'>, seriesIndex: number, categoryIndex: number): string[] {
  return (spec.significantWith?.[seriesIndex]?.[categoryIndex] ?? []).map((j) => spec.series[j]?.label ?? '').filter(Boolean);
}

/**
 * The value label of a column, by one rule in every renderer: above the column when it is no wider
 * than its column (the full label, else the value without '(n)'); else turned upright inside the
 * column when the column is tall and wide enough for it; else nothing. Neighbouring labels never
 * overlap; the hover, the table ('Tabel tonen') and the CSV keep every number.
 */
export function columnLabel(
  spec: Pick<ChartSpec, 'format' | 'unit' | 'decimals' | 'showN' | 'approximate'>,
  value: number,
  count: number | null | undefined,
  mark: string,
  column: { width: number; height: number; lineHeight: number },
  measure: (text: string) => number,
): { text: string; inside: boolean } | null {
  return fitColumnLabel([valueText(spec, value, count, mark), shortValueText(spec, value, mark)], column, measure);
}

/** A value label without its count ('45%' of '45% (123)'): the fallback when the full label does not fit. */
export function shortValueText(spec: Pick<ChartSpec, 'format' | 'unit' | 'decimals' | 'approximate'>, value: number | null, mark = ''): string {
  return formatCell({ ...spec, showN: false, format: spec.format === 'percentage-count' ? 'percentage' : spec.format }, value, null) + mark;
}

/** columnLabel's placement for ready texts (longest first): the PDF measures with its own font. */
export function fitColumnLabel(texts: string[], column: { width: number; height: number; lineHeight: number }, measure: (text: string) => number): { text: string; inside: boolean } | null {
  for (const text of texts) if (measure(text) <= column.width + 1) return { text, inside: false };
  if (column.width >= column.lineHeight + 2) for (const text of texts) if (measure(text) + 8 <= column.height) return { text, inside: true };
  return null;
}

/** Periods of a trend where no released series has a number: drawn as a grey band (the lines break there). */
export function fullGaps(spec: Pick<ChartSpec, 'timeAxis' | 'series' | 'categories'>): boolean[] {
  const open = spec.series.filter((s) => !s.suppressed);
  if (!spec.timeAxis || !open.length) return spec.categories.map(() => false);
  return spec.categories.map((_, i) => open.every((s) => s.values[i] === null || s.values[i] === undefined));
}

/** Width of text in the SVG's 11 px system font, estimated (digits ≈ 6.2 px, '%' wider). */
export const svgTextWidth = (text: string, size = 11) => [...text].reduce((w, ch) => w + (ch === '%' ? 0.85 : ch === ' ' || ch === '(' || ch === ')' || ch === ',' || ch === '.' ? 0.32 : 0.58), 0) * size;
