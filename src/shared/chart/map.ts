import { chartsNl } from '../i18n/charts';
import { isScaleScheme, schemeColors } from './colors';
import { type NormalConfig, suppressionText } from './config';
import type { Matrix } from './matrices';
import type { DataLocationAnswer, GroupAnswer, MapAreaState, MapSpec, SpecSeries, StatsAnswer } from './types';
import { scalarValue } from './values';

const MEAN_LIKE = new Set(['mean', 'grade']);

/** The value of one area group: the share of the chosen answer, else the chart's one number (mean, top box, count …). */
function areaValue(cfg: NormalConfig, loc: DataLocationAnswer, s: StatsAnswer, answerCode: string | null): { value: number | null; margin: number | null } {
  if (answerCode !== null && cfg.kpi === null && (cfg.format === 'percentage' || cfg.format === 'percentage-count')) {
    const o = s.options.find((x) => x.code === answerCode);
    return { value: o?.percentage ?? null, margin: o?.marginOfError ?? null };
  }
  const value = scalarValue(cfg, loc, s);
  const meanLike = cfg.kpi === 'mean-grade' || (cfg.kpi === null && MEAN_LIKE.has(cfg.format));
  return { value, margin: cfg.format === 'count' ? null : meanLike ? (s.meanMarginOfError ?? null) : (s.marginOfError ?? null) };
}

/**
 * Class bounds over the released values only (a withheld area's number never took part, so the
 * legend can't betray it): equal intervals between the lowest and highest, or quantiles.
 */
export function mapClasses(values: number[], method: 'equal' | 'quantile', count: number): [number, number][] {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return [];
  const [lo, hi] = [sorted[0]!, sorted[sorted.length - 1]!];
  if (lo === hi) return [[lo, hi]];
  const k = Math.max(1, Math.min(count, sorted.length));
  const cuts = Array.from({ length: k - 1 }, (_, i) => (method === 'quantile' ? sorted[Math.floor(((i + 1) * sorted.length) / k)]! : lo + ((hi - lo) * (i + 1)) / k));
  const edges = [lo, ...[...new Set(cuts)].filter((c) => c > lo && c < hi).sort((a, b) => a - b), hi];
  return edges.slice(1).map((to, i) => [edges[i]!, to]);
}

const classOf = (classes: [number, number][], v: number) => Math.max(0, classes.findIndex((c, i) => v <= c[1] || i === classes.length - 1));

/** A sequential ramp of `count` colours from the scheme: a scale as it is, a palette (loopable) from a light tint to its first colour. */
export function sequentialColors(schemeId: number | null, count: number, reverse: boolean): string[] {
  const ramp = isScaleScheme(schemeId) ? schemeColors(schemeId, Math.max(2, count)).slice(0, count) : tintRamp(schemeColors(schemeId, 1)[0]!, count);
  return reverse ? ramp.reverse() : ramp;
}

function tintRamp(hex: string, count: number): string[] {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return Array.from({ length: count }, (_, i) => {
    const t = count === 1 ? 1 : 0.18 + (0.82 * i) / (count - 1);
    return `#${c.map((v) => Math.round(255 + (v - 255) * t).toString(16).padStart(2, '0')).join('')}`;
  });
}

/**
 * A map chart's model: per area of the drawing and per benchmark its state (value, withheld,
 * no respondents), value, n and margin; the legend classes and colours. The same numbers as a
 * matrix (areas × benchmarks), so the table alternative and the CSV/XLSX export show them.
 */
export function mapMatrix(cfg: NormalConfig, loc: DataLocationAnswer, minN: number | null): { matrix: Matrix; map: MapSpec } {
  const answer = loc.map!;
  const labels = loc.benchmarks.map((b, i) => b.label || String.fromCharCode(65 + (i % 26)));
  const groups = new Map(answer.areas.map((a) => [a.code, a.benchmarks]));
  const cells = answer.drawing.areas.map((area) =>
    labels.map((_, b) => {
      const g: GroupAnswer | undefined = groups.get(area.code)?.[b];
      if (!g) return { state: 'empty' as MapAreaState, value: null, n: null, margin: null };
      if (g.suppressed) return { state: 'withheld' as MapAreaState, value: null, n: null, margin: null };
      const { value, margin } = areaValue(cfg, loc, g.stats, answer.answerCode);
      return g.stats.base === 0 || value === null ? { state: 'empty' as MapAreaState, value: null, n: g.stats.base, margin: null } : { state: 'value' as MapAreaState, value, n: g.stats.base, margin };
    }),
  );
  const released = cells.flatMap((row) => row.flatMap((c) => (c.state === 'value' ? [c.value!] : [])));
  const bounds = mapClasses(released, answer.classMethod, answer.classCount);
  const colors = sequentialColors(cfg.schemeId, bounds.length, cfg.reverseColors);
  const series: (Omit<SpecSeries, 'color' | 'textColor' | 'pattern'>)[] = labels.map((label, b) => {
    const whole = loc.benchmarks[b]!;
    return {
      key: `b${b}`,
      label,
      values: cells.map((row) => row[b]!.value),
      counts: cells.map((row) => row[b]!.n),
      margins: cells.map((row) => row[b]!.margin),
      n: whole.suppressed ? null : whole.stats.base,
      suppressed: whole.suppressed ? suppressionText(whole.reason, minN) : null,
    };
  });
  const notes: string[] = [];
  if (cells.some((row) => row.some((c) => c.state === 'withheld'))) notes.push(chartsNl.mapWithheld(minN));
  if (answer.unmatched.length) notes.push(chartsNl.mapUnmatched(answer.unmatched));
  const map: MapSpec = {
    width: answer.drawing.width,
    height: answer.drawing.height,
    method: answer.classMethod,
    unmatched: answer.unmatched,
    classes: bounds.map(([from, to], i) => ({ from, to, color: colors[i]! })),
    areas: answer.drawing.areas.map((a, i) => ({
      ...a,
      states: cells[i]!.map((c) => c.state),
      values: cells[i]!.map((c) => c.value),
      counts: cells[i]!.map((c) => c.n),
      margins: cells[i]!.map((c) => c.margin),
      colors: cells[i]!.map((c) => (c.state === 'value' ? colors[classOf(bounds, c.value!)]! : null)),
    })),
  };
  const matrix: Matrix = { categories: answer.drawing.areas.map((a) => ({ key: a.code, label: a.name })), series: series as Matrix['series'], notes, timeAxis: false };
  return { matrix, map };
}
