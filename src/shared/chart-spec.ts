import { chartsNl } from './i18n/charts';
import { benchmarkPaints, isScaleScheme, paints } from './chart/colors';
import { type NormalConfig, normalizeConfig } from './chart/config';
import { type Matrix, npsMatrix, optionMatrix, scalarMatrix, stackedMatrix, timeMatrix } from './chart/matrices';
import type { BuildOptions, ChartConfig, ChartKind, ChartSpec, DataLocationAnswer } from './chart/types';
import { scalarScale } from './chart/values';

export type * from './chart/types';
export { columnLabel, formatCell, formatNumber, fullGaps, legendKind, seriesLegend, sigMark, svgTextWidth } from './chart/format';
import { formatNumber } from './chart/format';
export { textColorFor, luminance, schemeColors } from './chart/colors';
export { periodLabel } from './chart/periods';

const SCALAR_FORMATS = new Set(['mean', 'grade', 'median']);
const MAX_TEXT_ITEMS = 100;

/** Chart types without a drawing of their own fall back to one that shows the same numbers. */
function drawableKind(typeKey: string): ChartKind {
  if (typeKey === 'map') return 'table';
  if (typeKey === 'rchart') return 'column';
  return typeKey as ChartKind;
}

function matrixFor(kind: ChartKind, cfg: NormalConfig, locs: DataLocationAnswer[], minN: number | null): Matrix {
  const scalar = SCALAR_FORMATS.has(cfg.format) || cfg.kpi !== null || kind === 'kpi' || kind === 'gauge';
  const hasBuckets = locs[0]?.benchmarks.some((b) => b.buckets?.length) ?? false;
  if (kind === 'net-promoter') return npsMatrix(cfg, locs, minN);
  if ((kind === 'line' || kind === 'area') && hasBuckets && locs[0]) return timeMatrix(cfg, locs, minN, scalar);
  if (scalar) return scalarMatrix(cfg, locs, minN);
  if (kind === 'stacked-bar' || kind === 'stacked-bar-100') return stackedMatrix(cfg, locs, minN);
  if (kind === 'pie' || kind === 'donut') return optionMatrix(cfg, locs.slice(0, 1), minN);
  return optionMatrix(cfg, locs, minN);
}

/** Reorders categories (and every series' cells with them) by the chart's sorting option. */
function sortCategories(m: Matrix, cfg: NormalConfig): void {
  if (cfg.sort === 'original' || m.timeAxis || m.categories.length < 2) return;
  const ref = m.series.find((s) => !s.suppressed);
  const idx = m.categories.map((_, i) => i);
  const value = (i: number) => ref?.values[i] ?? null;
  const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });
  idx.sort((a, b) => {
    if (cfg.sort === 'label-asc') return collator.compare(m.categories[a]!.label, m.categories[b]!.label);
    if (cfg.sort === 'label-desc') return collator.compare(m.categories[b]!.label, m.categories[a]!.label);
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === null ? (vb === null ? a - b : 1) : -1;
    return cfg.sort === 'value-desc' ? vb - va || a - b : va - vb || a - b;
  });
  m.categories = idx.map((i) => m.categories[i]!);
  for (const s of m.series) {
    s.values = idx.map((i) => s.values[i]!);
    if (s.counts) s.counts = idx.map((i) => s.counts![i]!);
    if (s.margins) s.margins = idx.map((i) => s.margins![i]!);
  }
}

/** Drops options nobody (in any released group) chose, when the chart asks for it. */
function dropEmpty(m: Matrix): void {
  const open = m.series.filter((s) => !s.suppressed && s.counts);
  if (!open.length) return;
  const keep = m.categories.map((_, i) => open.some((s) => (s.counts![i] ?? 0) > 0));
  m.categories = m.categories.filter((_, i) => keep[i]);
  for (const s of m.series) {
    s.values = s.values.filter((_, i) => keep[i]);
    if (s.counts) s.counts = s.counts.filter((_, i) => keep[i]);
    if (s.margins) s.margins = s.margins.filter((_, i) => keep[i]);
  }
}

/** Open answers and word clouds: most frequent texts first, at most 100. */
function topTexts(m: Matrix): void {
  const ref = m.series.find((s) => !s.suppressed);
  const idx = m.categories.map((_, i) => i).filter((i) => (ref?.counts?.[i] ?? 0) > 0);
  idx.sort((a, b) => (ref!.counts![b] ?? 0) - (ref!.counts![a] ?? 0) || a - b);
  const top = idx.slice(0, MAX_TEXT_ITEMS);
  m.categories = top.map((i) => m.categories[i]!);
  for (const s of m.series) {
    s.values = top.map((i) => s.values[i] ?? null);
    if (s.counts) s.counts = top.map((i) => s.counts![i] ?? null);
    if (s.margins) s.margins = top.map((i) => s.margins![i] ?? null);
  }
}

/**
 * The drawable model of one chart from its settings and its data locations' answer (data
 * endpoint). Formats pick the numbers, sorting reorders categories, colours come from the scheme
 * (loopable schemes repeat, scales stretch), patterns when asked; suppressed groups keep no numbers.
 */
export function buildChartSpec(chart: ChartConfig, locations: DataLocationAnswer[], opts: BuildOptions = {}): ChartSpec {
  const cfg = normalizeConfig(chart, opts);
  const kind = drawableKind(cfg.typeKey);
  const locs = locations.filter((l) => l.chartId === undefined || l.chartId === chart.id);
  const minN = opts.minN ?? null;
  const unfit = fitProblem(kind, locs);
  if (unfit) return unfitSpec(cfg, kind, locs, minN, unfit);
  const m = matrixFor(kind, cfg, locs, minN);
  const isText = kind === 'open-answers' || kind === 'wordcloud';
  if (isText) topTexts(m);
  else if (cfg.hideEmpty && !m.timeAxis && kind !== 'stacked-bar' && kind !== 'stacked-bar-100') dropEmpty(m);
  const colorBy = kind === 'pie' || kind === 'donut' || (m.series.length === 1 && !m.timeAxis && !kind.startsWith('stacked') && kind !== 'line' && kind !== 'area') ? 'category' : 'series';
  // Category colours are fixed before sorting so an answer keeps its colour (scales follow the options).
  // A scale scheme (oneens–eens, rapportcijfer) only for answers with an order (numeric codes).
  // Ordered = single choice whose options carry scores (numeric codes or assessment values: the engine then has a top box).
  const scored = (l: DataLocationAnswer) => l.codes.filter((c) => !c.startsWith('-') && !c.startsWith('__')).every((c) => /^-?\d+$/.test(c)) || l.benchmarks.some((c) => !c.suppressed && c.stats.topBox !== null && c.stats.topBox !== undefined);
  const ordered = locs.length > 0 && locs.every((l) => l.kind === 'single' && scored(l));
  const scheme = isScaleScheme(cfg.schemeId) && !ordered ? 2 : cfg.schemeId;
  if (colorBy === 'category') {
    const p = paints(scheme, cfg.patternId, m.categories.length, cfg.usePatterns);
    m.categories = m.categories.map((c, i) => ({ ...c, ...p[i]! }));
  }
  if (!isText && kind !== 'stacked-bar' && kind !== 'stacked-bar-100') sortCategories(m, cfg);
  const benchmarks = m.series.length > 0 && m.series.every((s) => /^b\d+$/.test(s.key));
  const sp = benchmarks ? benchmarkPaints(cfg.schemeId, cfg.patternId, m.series.length, cfg.usePatterns) : paints(scheme, cfg.patternId, m.series.length, cfg.usePatterns);
  const scalar = SCALAR_FORMATS.has(cfg.format) || cfg.kpi !== null || kind === 'kpi' || kind === 'gauge' || kind === 'net-promoter';
  const scale = kind === 'net-promoter' ? { unit: '' as const, decimals: 0, range: { min: -100, max: 100 } } : scalar ? scalarScale(cfg) : optionScale(cfg, kind);
  // A gauge needs a maximum: the highest answer code (a 1–5 scale) when the data does not say.
  if (kind === 'gauge' && scale.range.max === null) scale.range = { ...scale.range, max: maxCode(locs) ?? gaugeMax(m) };
  if (cfg.max !== null) scale.range = { ...scale.range, max: cfg.max };
  const questions = [...new Set(locs.map((l) => [l.question, l.subquestion].filter(Boolean).join(' – ')).filter(Boolean))];
  if (cfg.typeKey === 'map') m.notes.push(chartsNl.mapFallback);
  const marginNote = cfg.showMarginOfError ? marginNoteOf(m, locs, scale.unit) : null;
  if (marginNote) m.notes.push(marginNote);
  const significant = benchmarks ? significanceOf(m.series) : null;
  const significanceNote = significant?.some((row) => row.some(Boolean)) ? chartsNl.significance(m.series[0]!.label, locs[0]?.confidenceLevel ?? 95) : null;
  if (significanceNote) m.notes.push(significanceNote);
  return {
    id: cfg.id,
    kind,
    typeKey: cfg.typeKey,
    title: cfg.title,
    format: isText ? 'count' : cfg.format,
    unit: scale.unit,
    decimals: cfg.decimals ?? scale.decimals,
    range: scale.range,
    timeAxis: m.timeAxis,
    colorBy,
    categories: m.categories,
    series: m.series.map((s, i) => ({ ...s, ...sp[i]! })),
    showN: cfg.showN,
    showLegend: cfg.showLegend,
    showValues: cfg.showValues,
    usePatterns: cfg.usePatterns,
    ...(m.nps ? { nps: m.nps } : {}),
    notes: m.notes,
    showMarginOfError: cfg.showMarginOfError,
    marginNote,
    significant,
    significanceNote,
    questions,
    minN,
  };
}

/**
 * Why this chart type can't show these data (Dutch), or null: open answers need an open question,
 * NPS a 0–10 scale, pies one question, charts of options no open question. The renderers show the
 * sentence instead of a garbled drawing.
 */
export function fitProblem(kind: ChartKind, locs: DataLocationAnswer[]): string | null {
  if (!locs.length) return null;
  const text = locs.some((l) => l.kind === 'text');
  if (kind === 'open-answers' || kind === 'wordcloud') return locs.every((l) => l.kind === 'text') ? null : chartsNl.unfit.textOnly;
  if (text && kind !== 'table' && kind !== 'kpi') return chartsNl.unfit.textQuestion;
  if (kind === 'net-promoter') {
    const codes = locs[0]!.codes.map(Number);
    return locs[0]!.kind === 'single' && codes.length > 0 && codes.every((c) => Number.isInteger(c) && c >= 0 && c <= 10) && Math.max(...codes) >= 9 ? null : chartsNl.unfit.nps;
  }
  if ((kind === 'pie' || kind === 'donut') && locs.length > 1) return chartsNl.unfit.pieOne;
  if ((kind === 'stacked-bar' || kind === 'stacked-bar-100') && locs.some((l) => l.kind === 'numeric')) return chartsNl.unfit.stackedNumeric;
  return null;
}

function unfitSpec(cfg: NormalConfig, kind: ChartKind, locs: DataLocationAnswer[], minN: number | null, unfit: string): ChartSpec {
  return {
    id: cfg.id, kind, typeKey: cfg.typeKey, title: cfg.title, format: cfg.format, unit: '', decimals: 0, range: { min: 0, max: null }, timeAxis: false, colorBy: 'series',
    categories: [], series: [], showN: false, showLegend: false, showValues: false, usePatterns: false, notes: [], marginNote: null, minN, unfit,
    questions: [...new Set(locs.map((l) => [l.question, l.subquestion].filter(Boolean).join(' – ')).filter(Boolean))],
  };
}

/**
 * Significance between benchmarks: each later series against the first, per category, where both
 * cells are released and carry a margin: |a − b| > √(mA² + mB²). Suppressed series compare to nothing.
 */
export function significanceOf(series: { values: (number | null)[]; margins?: (number | null)[] | null; suppressed: string | null }[]): boolean[][] | null {
  const ref = series[0];
  if (!ref || ref.suppressed || series.length < 2 || !ref.margins) return null;
  return series.map((s, k) =>
    s.values.map((v, ci) => {
      if (k === 0 || s.suppressed || !s.margins) return false;
      const a = ref.values[ci];
      const ma = ref.margins![ci];
      const mb = s.margins[ci];
      if (v === null || v === undefined || a === null || a === undefined || ma === null || ma === undefined || mb === null || mb === undefined) return false;
      return Math.abs(v - a) > Math.sqrt(ma * ma + mb * mb);
    }),
  );
}

/** 'Foutmarge (95% betrouwbaarheid): A tot ± 2,6 procentpunt; B tot ± 5,1 procentpunt' — the largest margin per series. */
function marginNoteOf(m: { series: { label: string; margins?: (number | null)[] | null }[] }, locs: DataLocationAnswer[], unit: string): string | null {
  const parts = m.series.flatMap((s) => {
    const top = Math.max(...(s.margins ?? []).filter((x): x is number => x !== null));
    return Number.isFinite(top) ? [chartsNl.marginPart(s.label, formatNumber(top, 1), unit === '%')] : [];
  });
  if (!parts.length) return null;
  return chartsNl.marginNote(locs[0]?.confidenceLevel ?? 95, parts);
}

function optionScale(cfg: NormalConfig, kind: ChartKind): { unit: '%' | ''; decimals: number; range: { min: number; max: number | null } } {
  if (kind === 'open-answers' || kind === 'wordcloud' || cfg.format === 'count') return { unit: '', decimals: 0, range: { min: 0, max: null } };
  return { unit: '%', decimals: 0, range: { min: 0, max: kind === 'stacked-bar-100' ? 100 : null } };
}

function maxCode(locs: DataLocationAnswer[]): number | null {
  const codes = locs.flatMap((l) => l.codes.map(Number)).filter((n) => Number.isFinite(n));
  return codes.length ? Math.max(...codes) : null;
}

/** A numeric question has no codes: a round maximum above the largest released value (at least 10). */
function gaugeMax(m: Matrix): number {
  const top = Math.max(0, ...m.series.flatMap((s) => s.values).filter((v): v is number => v !== null));
  if (top <= 10) return 10;
  const mag = 10 ** Math.floor(Math.log10(top));
  return Math.ceil(top / mag) * mag === top ? top + mag : Math.ceil(top / mag) * mag;
}
