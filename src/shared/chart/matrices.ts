import { chartsNl } from '../i18n/charts';
import { type NormalConfig, locationLabel, optionLabel, suppressionText } from './config';
import { periodLabel } from './periods';
import type { CellAnswer, DataLocationAnswer, GroupAnswer, NpsParts, SpecCategory, SpecSeries, StatsAnswer } from './types';
import { npsOf, npsParts, scalarValue } from './values';

export type RawSeries = Omit<SpecSeries, 'color' | 'textColor' | 'pattern'>;
export interface Matrix {
  categories: SpecCategory[];
  series: RawSeries[];
  notes: string[];
  timeAxis: boolean;
  nps?: (NpsParts | null)[];
  /** Stacked charts: each bar's top box as the engine released it (null when suppressed or unscored), for sorting. */
  barTopBox?: (number | null)[];
}

/** One-number charts whose number is a mean (they get the mean's margin). */
const meanLike = (cfg: NormalConfig) => cfg.kpi === 'mean-grade' || (cfg.kpi === null && (cfg.format === 'mean' || cfg.format === 'grade'));
const released = (g: GroupAnswer | undefined): StatsAnswer | null => (g && !g.suppressed ? g.stats : null);
const reasonOf = (g: GroupAnswer | undefined) => (g && g.suppressed ? g.reason : 'group_below_min_n');
const benchmarkLabels = (locs: DataLocationAnswer[]) => (locs[0]?.benchmarks ?? []).map((b, i) => b.label || String.fromCharCode(65 + (i % 26)));

/**
 * Series per benchmark over cells: a benchmark suppressed in every data location becomes a
 * suppressed series (no numbers at all); one suppressed in some locations only keeps its other
 * numbers and gets a note.
 */
function benchmarkSeries(
  locs: DataLocationAnswer[],
  minN: number | null,
  cellsOf: (cell: CellAnswer, stats: StatsAnswer, loc: DataLocationAnswer) => { values: (number | null)[]; counts: (number | null)[]; margins?: (number | null)[] },
  width: (loc: DataLocationAnswer) => number,
): { series: RawSeries[]; notes: string[] } {
  const notes: string[] = [];
  const series = benchmarkLabels(locs).map((label, b): RawSeries => {
    const cells = locs.map((l) => l.benchmarks[b]);
    const stats = cells.map(released);
    if (stats.every((s) => s === null)) {
      const text = suppressionText(reasonOf(cells[0]), minN);
      notes.push(`${label}: ${text}`);
      return { key: `b${b}`, label, values: locs.flatMap((l) => Array<null>(width(l)).fill(null)), counts: null, n: null, suppressed: text };
    }
    if (stats.some((s) => s === null)) notes.push(chartsNl.partlySuppressed(label));
    const values: (number | null)[] = [];
    const counts: (number | null)[] = [];
    const margins: (number | null)[] = [];
    locs.forEach((l, i) => {
      const s = stats[i];
      if (!s) {
        values.push(...Array<null>(width(l)).fill(null));
        counts.push(...Array<null>(width(l)).fill(null));
        margins.push(...Array<null>(width(l)).fill(null));
        return;
      }
      const c = cellsOf(l.benchmarks[b]!, s, l);
      values.push(...c.values);
      counts.push(...c.counts);
      margins.push(...(c.margins ?? c.values.map(() => null)));
    });
    return { key: `b${b}`, label, values, counts, margins, n: locs.length === 1 ? stats[0]!.base : null, suppressed: null };
  });
  return { series, notes };
}

/** Categories = answer options (of every data location in turn); series = benchmarks. */
export function optionMatrix(cfg: NormalConfig, locs: DataLocationAnswer[], minN: number | null): Matrix {
  const many = locs.length > 1;
  const categories = locs.flatMap((l) => l.codes.map((code, i) => ({ key: `${l.id}:${code}`, label: many ? `${locationLabel(l)}: ${optionLabel(l, i)}` : optionLabel(l, i) })));
  const byCount = cfg.format === 'count' || cfg.typeKey === 'open-answers' || cfg.typeKey === 'wordcloud';
  const { series, notes } = benchmarkSeries(
    locs,
    minN,
    (_c, s) => ({ values: s.options.map((o) => (byCount ? o.count : o.percentage)), counts: s.options.map((o) => o.count), margins: s.options.map((o) => (byCount ? null : (o.marginOfError ?? null))) }),
    (l) => l.codes.length,
  );
  return { categories, series, notes, timeAxis: false };
}

/** Categories = data locations; series = benchmarks; one number per group (mean, grade, KPI…). */
export function scalarMatrix(cfg: NormalConfig, locs: DataLocationAnswer[], minN: number | null): Matrix {
  const categories = locs.map((l) => ({ key: String(l.id), label: locationLabel(l) }));
  const { series, notes } = benchmarkSeries(locs, minN, (_c, s, l) => ({ values: [scalarValue(cfg, l, s)], counts: [s.base], margins: [meanLike(cfg) ? (s.meanMarginOfError ?? null) : null] }), () => 1);
  if (cfg.format === 'median' && locs.some((l) => l.kind !== 'single')) notes.push(chartsNl.medianUnavailable);
  return { categories, series, notes, timeAxis: false };
}

/** Net Promoter: the score per benchmark plus its three parts. */
export function npsMatrix(cfg: NormalConfig, locs: DataLocationAnswer[], minN: number | null): Matrix {
  const loc = locs.slice(0, 1);
  const m = benchmarkSeries(loc, minN, (_c, s, l) => ({ values: [npsOf(l, s)], counts: [s.base] }), () => 1);
  const nps = (loc[0]?.benchmarks ?? []).map((cell) => (cell.suppressed ? null : npsParts(loc[0]!, cell.stats)));
  return { categories: [{ key: 'nps', label: loc[0] ? locationLabel(loc[0]) : cfg.title }], series: m.series, notes: m.notes, timeAxis: false, nps };
}

/**
 * Stacked bars: one bar per data location × benchmark, one segment (series) per answer option of
 * the first location. A suppressed bar keeps its place with the Dutch text and no numbers.
 */
export function stackedMatrix(cfg: NormalConfig, locs: DataLocationAnswer[], minN: number | null): Matrix {
  const first = locs[0];
  if (!first) return { categories: [], series: [], notes: [], timeAxis: false };
  const labels = benchmarkLabels(locs);
  const multi = labels.length > 1;
  const categories: SpecCategory[] = [];
  const rows: ({ stats: StatsAnswer; loc: DataLocationAnswer } | null)[] = [];
  const barTopBox: (number | null)[] = [];
  const notes: string[] = [];
  for (const l of locs) {
    l.benchmarks.forEach((cell, b) => {
      const stats = released(cell);
      // One question: the bars are its benchmarks (the question is the chart's), so the name is never cut off.
      const label = multi ? (locs.length === 1 ? labels[b]! : `${locationLabel(l)} (${labels[b]})`) : locationLabel(l);
      const text = stats ? null : suppressionText(reasonOf(cell), minN);
      if (text) notes.push(`${label}: ${text}`);
      categories.push({ key: `${l.id}:b${b}`, label, suppressed: text });
      rows.push(stats ? { stats, loc: l } : null);
      barTopBox.push(stats?.topBox ?? null);
    });
  }
  const percent100 = cfg.typeKey === 'stacked-bar-100';
  const series: RawSeries[] = first.codes.map((code, i) => {
    const values = rows.map((r) => {
      if (!r) return null;
      const o = r.stats.options.find((x) => x.code === code);
      if (!o) return null;
      if (percent100) {
        const total = r.stats.options.reduce((s, x) => s + x.count, 0);
        return total > 0 ? (o.count / total) * 100 : null;
      }
      return cfg.format === 'count' ? o.count : o.percentage;
    });
    const counts = rows.map((r) => (r ? (r.stats.options.find((x) => x.code === code)?.count ?? null) : null));
    // A share of the answers equals the option's percentage for one answer per respondent; else no margin.
    const margins = rows.map((r) => (!r || cfg.format === 'count' || (percent100 && r.loc.kind === 'multi') ? null : (r.stats.options.find((x) => x.code === code)?.marginOfError ?? null)));
    return { key: `o:${code}`, label: optionLabel(first, i), values, counts, margins, n: null, suppressed: null };
  });
  return { categories, series, notes, timeAxis: false, barTopBox };
}

/** The answer a multi-benchmark trend follows: the top box when the engine scores it, else the most chosen option. */
function trendFocus(loc: DataLocationAnswer): { index: number | null; label: string } | null {
  const released = loc.benchmarks.filter((c): c is CellAnswer & { suppressed: false; stats: StatsAnswer } => !c.suppressed);
  if (!released.length) return null;
  if (released.some((c) => c.stats.topBox !== null && c.stats.topBox !== undefined)) return { index: null, label: chartsNl.topBox };
  const totals = loc.codes.map((_, i) => released.reduce((sum, c) => sum + (c.stats.options[i]?.count ?? 0), 0));
  const index = totals.indexOf(Math.max(...totals));
  return index < 0 ? null : { index, label: optionLabel(loc, index) };
}

/**
 * Trend: categories = calendar periods (Dutch labels); series = benchmarks for one-number formats,
 * else benchmark × answer option. Suppressed periods are gaps (null), noted once.
 */
export function timeMatrix(cfg: NormalConfig, locs: DataLocationAnswer[], minN: number | null, scalar: boolean): Matrix {
  const loc = locs[0]!;
  const labels = benchmarkLabels(locs);
  const periods = new Map<number, number>();
  for (const cell of loc.benchmarks) for (const t of cell.buckets ?? []) if (!periods.has(t.period)) periods.set(t.period, t.startDay);
  const order = [...periods.entries()].sort((a, b) => a[0] - b[0]);
  // The engine may split by the report's date granularity instead of the chart's (a finer one is not released).
  const categories = order.map(([p, day]) => ({ key: `p${p}`, label: periodLabel(day, loc.granularity ?? cfg.granularity ?? 'month') }));
  const notes: string[] = [];
  // Per benchmark label: the periods it has no number for while the benchmark itself is released.
  const gaps = new Map<string, string[]>();
  // Periods withheld because they would give away a small group by subtraction (a reason of their own in the note).
  const derivable = new Map<string, string[]>();
  const series: RawSeries[] = [];
  // Several benchmarks on a trend of answer options: one line per benchmark for one focus answer
  // (the top box of a scale, else the answer chosen most), never benchmarks × options lines.
  const focus = !scalar && labels.length > 1 ? trendFocus(loc) : null;
  if (focus) notes.push(chartsNl.trendFocus(focus.label));
  loc.benchmarks.forEach((cell, b) => {
    const bLabel = labels[b]!;
    if (cell.suppressed) {
      const text = suppressionText(cell.reason, minN);
      notes.push(`${bLabel}: ${text}`);
      const width = scalar || focus ? 1 : loc.codes.length;
      for (let k = 0; k < width; k++) series.push({ key: scalar || focus ? `b${b}` : `b${b}:${k}`, label: scalar || focus ? bLabel : `${bLabel}: ${optionLabel(loc, k)}`, values: categories.map(() => null), counts: null, n: null, suppressed: text });
      return;
    }
    const byPeriod = new Map((cell.buckets ?? []).map((t) => [t.period, t]));
    const statsAt = order.map(([p], i) => {
      const t = byPeriod.get(p);
      if (t?.suppressed) {
        const into = t.reason === 'differencing' ? derivable : gaps;
        into.set(bLabel, [...(into.get(bLabel) ?? []), categories[i]!.label]);
      }
      return t && !t.suppressed ? t.stats : null;
    });
    const one = labels.length === 1;
    if (focus) {
      const value = (s: StatsAnswer | null) => (!s ? null : focus.index === null ? s.topBox : cfg.format === 'count' ? (s.options[focus.index]?.count ?? null) : (s.options[focus.index]?.percentage ?? null));
      series.push({ key: `b${b}`, label: bLabel, values: statsAt.map(value), counts: statsAt.map((s) => s?.base ?? null), margins: statsAt.map(() => null), n: cell.stats.base, suppressed: null });
      return;
    }
    if (scalar) {
      series.push({ key: `b${b}`, label: bLabel, values: statsAt.map((s) => (s ? scalarValue(cfg, loc, s) : null)), counts: statsAt.map((s) => s?.base ?? null), margins: statsAt.map((s) => (s && meanLike(cfg) ? (s.meanMarginOfError ?? null) : null)), n: cell.stats.base, suppressed: null });
      return;
    }
    loc.codes.forEach((code, i) => {
      series.push({
        key: `b${b}:${code}`,
        label: one ? optionLabel(loc, i) : `${bLabel}: ${optionLabel(loc, i)}`,
        values: statsAt.map((s) => (s ? (cfg.format === 'count' ? s.options[i]!.count : s.options[i]!.percentage) : null)),
        counts: statsAt.map((s) => s?.options[i]?.count ?? null),
        margins: statsAt.map((s) => (s && cfg.format !== 'count' ? (s.options[i]?.marginOfError ?? null) : null)),
        n: cell.stats.base,
        suppressed: null,
      });
    });
  });
  if (gaps.size) notes.push(gapNote(gaps, labels.length === 1));
  if (derivable.size) notes.push(gapNote(derivable, labels.length === 1, true));
  return { categories, series, notes, timeAxis: true };
}

/** 'Geen uitkomst voor feb 2025, jun 2025 (te weinig respondenten) …', per benchmark when there are several (at most 6 periods each). */
function gapNote(gaps: Map<string, string[]>, one: boolean, derivable = false): string {
  const list = (periods: string[]) => chartsNl.gapPeriods(periods.slice(0, 6), periods.length - 6);
  if (one) return (derivable ? chartsNl.gapsDerivableOne : chartsNl.gapsOne)(list([...gaps.values()][0]!));
  return (derivable ? chartsNl.gapsDerivable : chartsNl.gaps)([...gaps.entries()].map(([label, periods]) => `${label}: ${list(periods)}`));
}
