import { chartsNl } from './i18n/charts';
import { benchmarkPaints, isScaleScheme, paints, textColorFor } from './chart/colors';
import { type NormalConfig, isAnswerOption, locationLabel, normalizeConfig } from './chart/config';
import { FOLD_COLOR, foldCategories, foldSegments, isFold } from './chart/fold';
import { type Matrix, npsMatrix, optionMatrix, scalarMatrix, stackedMatrix, timeMatrix } from './chart/matrices';
import type { BuildOptions, ChartConfig, ChartKind, ChartSpec, DataLocationAnswer, Paint } from './chart/types';
import { scalarScale } from './chart/values';
import { mapMatrix } from './chart/map';
import { chartWeightingNote } from './chart/weighting-note';

export type * from './chart/types';
export { columnLabel, fitColumnLabel, formatCell, formatCount, nText, shortValueText, valueText, formatNumber, fullGaps, legendKind, seriesLegend, sigMark, sigPartners, stackedAxisMax, svgTextWidth } from './chart/format';
import { formatNumber } from './chart/format';
export { textColorFor, luminance, schemeColors } from './chart/colors';
export { periodLabel } from './chart/periods';

const SCALAR_FORMATS = new Set(['mean', 'grade', 'median']);
const MAX_TEXT_ITEMS = 100;

/** Chart types without a drawing of their own fall back to one that shows the same numbers. */
function drawableKind(typeKey: string, locs: DataLocationAnswer[]): ChartKind {
  // A map chart without its map settings (or data) shows its numbers as a table and says what is missing.
  if (typeKey === 'map') return locs[0]?.map ? 'map' : 'table';
  if (typeKey === 'rchart') return 'column';
  return typeKey as ChartKind;
}

/**
 * 'Gestapeld' on a bar or column chart of answer options: one stacked bar per data location and
 * benchmark, the answers as segments (the stacked-bar drawing of every renderer). Single choice
 * only (shares of a multiple choice add up to more than 100%); not for one number per group
 * (means, KPIs: nothing to stack), trends, numeric or open questions.
 */
function stackedKind(kind: ChartKind, cfg: NormalConfig, locs: DataLocationAnswer[]): ChartKind {
  if (!cfg.stacked || (kind !== 'bar' && kind !== 'column')) return kind;
  if (SCALAR_FORMATS.has(cfg.format) || cfg.kpi !== null || !locs.length || locs.some((l) => l.kind !== 'single')) return kind;
  return locs.some((l) => l.benchmarks.some((b) => b.buckets?.length)) ? kind : 'stacked-bar';
}

/** Whether categories are answer options (so maxCategories can fold them). */
function optionChart(kind: ChartKind, cfg: NormalConfig, m: Matrix): boolean {
  const scalar = SCALAR_FORMATS.has(cfg.format) || cfg.kpi !== null || kind === 'kpi' || kind === 'gauge' || kind === 'net-promoter';
  return !scalar && !m.timeAxis && ['bar', 'column', 'pie', 'donut', 'table', 'line', 'area'].includes(kind);
}

const greyPaint = (pattern: Paint['pattern']): Paint => ({ color: FOLD_COLOR, textColor: textColorFor(FOLD_COLOR), pattern });

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

type Sort = NormalConfig['sort'];
const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });

/**
 * The order of n items by the chart's sorting option: labels alphabetically, or values (items
 * without a value last, ties in their own order); a folded 'Overig' stays last whatever the order.
 */
function sortedOrder(n: number, sort: Sort, item: (i: number) => { label: string; value: number | null; fold: boolean }): number[] {
  const idx = Array.from({ length: n }, (_, i) => i);
  if (sort === 'original') return idx;
  const items = idx.map(item);
  return idx.sort((a, b) => {
    const [x, y] = [items[a]!, items[b]!];
    if (x.fold !== y.fold) return x.fold ? 1 : -1;
    if (sort === 'label-asc') return collator.compare(x.label, y.label) || a - b;
    if (sort === 'label-desc') return collator.compare(y.label, x.label) || a - b;
    if (x.value === null || y.value === null) return x.value === null ? (y.value === null ? a - b : 1) : -1;
    return sort === 'value-desc' ? y.value - x.value || a - b : x.value - y.value || a - b;
  });
}

/** Puts categories (and every series' cells with them) in the order `idx`. */
function reorderCategories(m: Matrix, idx: number[]): void {
  const pick = <T>(xs: T[]) => idx.map((i) => xs[i]!);
  m.categories = pick(m.categories);
  if (m.barTopBox) m.barTopBox = pick(m.barTopBox);
  for (const s of m.series) {
    s.values = pick(s.values);
    if (s.counts) s.counts = pick(s.counts);
    if (s.margins) s.margins = pick(s.margins);
  }
}

/** Reorders categories (and every series' cells with them) by the chart's sorting option, on the values of the first released series. */
function sortCategories(m: Matrix, cfg: NormalConfig): void {
  if (cfg.sort === 'original' || m.timeAxis || m.categories.length < 2) return;
  const ref = m.series.find((s) => !s.suppressed);
  reorderCategories(m, sortedOrder(m.categories.length, cfg.sort, (i) => ({ label: m.categories[i]!.label, value: ref?.values[i] ?? null, fold: isFold(m.categories[i]!.key) })));
}

/**
 * Sorting on a stacked chart (bars = data location × benchmark, segments = answers). Answers
 * without an order are sorted as the unstacked chart sorts them — by their share in the first
 * released bar, or alphabetically — so they are the segments that move ('Overig' stays last).
 * The answers of a scale keep the scale's order (a stacked scale is read from one end to the
 * other, its colours diverge along it); there the bars move: by their top box (the engine's
 * released share in the highest answers) or by label. Several questions move as whole items
 * (each keeps its benchmarks together in the menu's order, sorted by its first released bar);
 * with one question the benchmarks' bars are sorted.
 */
function sortStacked(m: Matrix, cfg: NormalConfig, ordered: boolean, locs: DataLocationAnswer[]): void {
  if (cfg.sort === 'original') return;
  if (!ordered) {
    const ref = m.categories.findIndex((c) => !c.suppressed);
    const order = sortedOrder(m.series.length, cfg.sort, (k) => ({ label: m.series[k]!.label, value: ref < 0 ? null : (m.series[k]!.values[ref] ?? null), fold: isFold(m.series[k]!.key) }));
    m.series = order.map((k) => m.series[k]!);
    return;
  }
  // Items: one per data location when there are several, else one per bar.
  const many = locs.length > 1;
  const itemOf = (key: string) => (many ? key.slice(0, key.lastIndexOf(':b')) : key);
  const items: { first: number; bars: number[] }[] = [];
  const byKey = new Map<string, { first: number; bars: number[] }>();
  m.categories.forEach((c, i) => {
    const k = itemOf(c.key);
    const item = byKey.get(k);
    if (item) item.bars.push(i);
    else {
      const fresh = { first: i, bars: [i] };
      byKey.set(k, fresh);
      items.push(fresh);
    }
  });
  const topBox = (bars: number[]) => bars.map((i) => m.barTopBox?.[i] ?? null).find((v) => v !== null) ?? null;
  const names = new Map(locs.map((l) => [String(l.id), locationLabel(l)]));
  const label = (i: number) => (many ? (names.get(itemOf(m.categories[i]!.key)) ?? '') : m.categories[i]!.label);
  const order = sortedOrder(items.length, cfg.sort, (j) => ({ label: label(items[j]!.first), value: topBox(items[j]!.bars), fold: false }));
  reorderCategories(m, order.flatMap((j) => items[j]!.bars));
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

/** Stacked charts with 'Verberg antwoorden zonder respondenten': segments nobody (in any released bar) chose. */
function dropEmptySegments(m: Matrix): void {
  const open = m.categories.map((c) => !c.suppressed);
  if (!open.some(Boolean)) return;
  m.series = m.series.filter((s) => (s.counts ?? []).some((c, ci) => open[ci] && (c ?? 0) > 0));
}

/** Open answers and word clouds: most frequent texts first, at most 100 (or the chart's maxCategories). */
function topTexts(m: Matrix, max: number): void {
  const ref = m.series.find((s) => !s.suppressed);
  const idx = m.categories.map((_, i) => i).filter((i) => (ref?.counts?.[i] ?? 0) > 0);
  idx.sort((a, b) => (ref!.counts![b] ?? 0) - (ref!.counts![a] ?? 0) || a - b);
  const top = idx.slice(0, Math.min(max, MAX_TEXT_ITEMS));
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
  const locs = locations.filter((l) => l.chartId === undefined || l.chartId === chart.id);
  const kind = stackedKind(drawableKind(cfg.typeKey, locs), cfg, locs);
  const minN = opts.minN ?? null;
  const unfit = fitProblem(kind, locs);
  if (unfit) return unfitSpec(cfg, kind, locs, minN, unfit);
  const mapped = kind === 'map' ? mapMatrix(cfg, locs[0]!, minN) : null;
  const m = mapped?.matrix ?? matrixFor(kind, cfg, locs, minN);
  const isText = kind === 'open-answers' || kind === 'wordcloud';
  const isStacked = kind === 'stacked-bar' || kind === 'stacked-bar-100';
  if (isText) topTexts(m, cfg.maxCategories ?? MAX_TEXT_ITEMS);
  else if (cfg.hideEmpty && isStacked) dropEmptySegments(m);
  else if (cfg.hideEmpty && !m.timeAxis && !mapped) dropEmpty(m);
  // An answer keeps its colour when others are folded into 'Overig' (grey, the slot after the last answer).
  const catKeys = m.categories.map((c) => c.key);
  const segKeys = m.series.map((x) => x.key);
  const slot = (keys: string[], key: string) => (isFold(key) ? keys.length : keys.indexOf(key));
  // 'Maximaal aantal categorieën' folds answer options only (not periods, questions, or scores).
  if (cfg.maxCategories !== null && isStacked) foldSegments(m, locs, cfg.maxCategories);
  else if (cfg.maxCategories !== null && optionChart(kind, cfg, m)) foldCategories(m, locs, cfg.maxCategories, cfg.format === 'count');
  const colorBy = kind === 'pie' || kind === 'donut' || (m.series.length === 1 && !m.timeAxis && !kind.startsWith('stacked') && kind !== 'line' && kind !== 'area') ? 'category' : 'series';
  // Category colours are fixed before sorting so an answer keeps its colour (scales follow the options).
  // A scale scheme (oneens–eens, rapportcijfer) only for answers with an order (numeric codes).
  // Ordered = single choice whose options carry scores (numeric codes or assessment values: the engine then has a top box).
  const scored = (l: DataLocationAnswer) => l.codes.filter(isAnswerOption).every((c) => /^-?\d+$/.test(c)) || l.benchmarks.some((c) => !c.suppressed && c.stats.topBox !== null && c.stats.topBox !== undefined);
  const ordered = locs.length > 0 && locs.every((l) => l.kind === 'single' && scored(l));
  const scheme = isScaleScheme(cfg.schemeId) && !ordered ? 2 : cfg.schemeId;
  if (colorBy === 'category') {
    const p = paints(scheme, cfg.patternId, catKeys.length + 1, cfg.usePatterns, cfg.reverseColors);
    const own = paints(scheme, cfg.patternId, catKeys.length, cfg.usePatterns, cfg.reverseColors);
    m.categories = m.categories.map((c) => (isFold(c.key) ? { ...c, ...greyPaint(p[catKeys.length]!.pattern) } : { ...c, ...own[slot(catKeys, c.key)]! }));
  }
  if (isStacked) sortStacked(m, cfg, ordered, locs);
  else if (!isText) sortCategories(m, cfg);
  const benchmarks = m.series.length > 0 && m.series.every((s) => /^b\d+$/.test(s.key));
  const own = paints(scheme, cfg.patternId, segKeys.length, cfg.usePatterns, cfg.reverseColors);
  const withFold = paints(scheme, cfg.patternId, segKeys.length + 1, cfg.usePatterns, cfg.reverseColors);
  const sp = benchmarks ? benchmarkPaints(cfg.schemeId, cfg.patternId, m.series.length, cfg.usePatterns) : m.series.map((x) => (isFold(x.key) ? greyPaint(withFold[segKeys.length]!.pattern) : own[slot(segKeys, x.key)]!));
  const scalar = SCALAR_FORMATS.has(cfg.format) || cfg.kpi !== null || kind === 'kpi' || kind === 'gauge' || kind === 'net-promoter' || kind === 'map';
  const scale = kind === 'net-promoter' ? { unit: '' as const, decimals: 0, range: { min: -100, max: 100 } } : scalar ? scalarScale(cfg) : optionScale(cfg, kind);
  // A gauge needs a maximum: the highest answer code (a 1–5 scale) when the data does not say.
  if (kind === 'gauge' && scale.range.max === null) scale.range = { ...scale.range, max: maxCode(locs) ?? gaugeMax(m) };
  if (cfg.max !== null) scale.range = { ...scale.range, max: cfg.max };
  const questions = [...new Set(locs.map((l) => [l.question, l.subquestion].filter(Boolean).join(' – ')).filter(Boolean))];
  if (cfg.typeKey === 'map' && !mapped) m.notes.push(chartsNl.mapNoMap);
  const weightingNote = isText ? null : chartWeightingNote(opts.weightedBy, locs);
  if (weightingNote) m.notes.push(weightingNote);
  const marginNote = cfg.showMarginOfError ? marginNoteOf(m, locs, scale.unit) : null;
  if (marginNote) m.notes.push(marginNote);
  const significantWith = benchmarks ? significanceOf(m.series) : null;
  const significant = significantWith?.map((row) => row.map((partners) => partners.length > 0)) ?? null;
  const significanceNote = significanceNoteOf(m, significantWith, locs[0]?.confidenceLevel ?? 95);
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
    significantWith,
    significanceNote,
    questions,
    minN,
    ...(mapped ? { map: mapped.map } : {}),
    ...(opts.protection === 'cellkey' ? { approximate: true } : {}),
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

/** The engine's test of two released values with their margins: |a − b| > √(mA² + mB²). */
export const significantlyDifferent = (a: number, marginA: number, b: number, marginB: number): boolean => Math.abs(a - b) > Math.sqrt(marginA * marginA + marginB * marginB);

/**
 * Significance between benchmarks, pairwise: per series and category, the indexes of the other
 * series whose value differs from this one by more than their combined margin of error,
 * |a − b| > √(mA² + mB²) (the survey's confidence level). Only between released cells that carry a
 * margin: a suppressed series has no numbers and no margins, so it is compared with nothing and
 * its marking can't hint at a hidden number. Null when fewer than two series carry margins.
 */
export function significanceOf(series: { values: (number | null)[]; margins?: (number | null)[] | null; suppressed: string | null }[]): number[][][] | null {
  const open = series.map((s) => !s.suppressed && !!s.margins);
  if (open.filter(Boolean).length < 2) return null;
  const cell = (k: number, ci: number): [number, number] | null => {
    const v = series[k]!.values[ci];
    const m = series[k]!.margins?.[ci];
    return open[k] && v !== null && v !== undefined && m !== null && m !== undefined && Number.isFinite(v) && Number.isFinite(m) ? [v, m] : null;
  };
  return series.map((s, k) =>
    s.values.map((_, ci) => {
      const a = cell(k, ci);
      if (!a) return [];
      const partners: number[] = [];
      series.forEach((_, j) => {
        const b = j === k ? null : cell(j, ci);
        if (b && significantlyDifferent(a[0], a[1], b[0], b[1])) partners.push(j);
      });
      return partners;
    }),
  );
}

/** The Dutch note under a chart naming each significantly different pair with its categories, or null. */
function significanceNoteOf(m: { categories: { label: string }[]; series: { label: string }[] }, sig: number[][][] | null, level: number): string | null {
  if (!sig) return null;
  const pairs = new Map<string, string[]>();
  sig.forEach((row, k) =>
    row.forEach((partners, ci) => {
      for (const j of partners) {
        if (j <= k) continue;
        const key = chartsNl.sigPair(m.series[k]!.label, m.series[j]!.label);
        pairs.set(key, [...(pairs.get(key) ?? []), m.categories[ci]!.label]);
      }
    }),
  );
  if (!pairs.size) return null;
  const single = m.categories.length === 1;
  return chartsNl.significance(level, [...pairs].map(([pair, cats]) => (single ? pair : `${pair} (${cats.join(', ')})`)));
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
