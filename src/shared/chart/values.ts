import type { NormalConfig } from './config';
import type { DataLocationAnswer, NpsParts, StatsAnswer } from './types';

/** Numeric value of each option code, or null when a code is not a number. */
function codeValues(loc: DataLocationAnswer): (number | null)[] {
  return loc.codes.map((c) => (/^-?\d+(\.\d+)?$/.test(c) ? Number(c) : null));
}

/** Median answer of a single-choice question with numeric codes, from its option counts. */
export function medianOf(loc: DataLocationAnswer, stats: StatsAnswer): number | null {
  if (loc.kind !== 'single') return null;
  const values = codeValues(loc);
  const pairs = stats.options.map((o, i) => ({ v: values[i], count: o.count })).filter((p): p is { v: number; count: number } => p.v !== null && p.v !== undefined && p.count > 0);
  const total = pairs.reduce((s, p) => s + p.count, 0);
  if (!total) return null;
  pairs.sort((a, b) => a.v - b.v);
  let seen = 0;
  for (const p of pairs) {
    seen += p.count;
    if (seen * 2 >= total) return p.v;
  }
  return null;
}

/** Promoters (9–10), passives (7–8), detractors (0–6) as % of answers 0–10, from option counts. */
export function npsParts(loc: DataLocationAnswer, stats: StatsAnswer): NpsParts | null {
  const values = codeValues(loc);
  let base = 0;
  let promoters = 0;
  let detractors = 0;
  stats.options.forEach((o, i) => {
    const v = values[i];
    if (v === null || v === undefined || v < 0 || v > 10) return;
    base += o.count;
    if (v >= 9) promoters += o.count;
    else if (v <= 6) detractors += o.count;
  });
  if (!base) return null;
  return { promoters: (promoters / base) * 100, passives: ((base - promoters - detractors) / base) * 100, detractors: (detractors / base) * 100 };
}

/** The NPS of a group: the engine's when computed, else from the option counts. */
export function npsOf(loc: DataLocationAnswer, stats: StatsAnswer): number | null {
  if (stats.nps !== null && stats.nps !== undefined) return stats.nps;
  const p = npsParts(loc, stats);
  return p ? p.promoters - p.detractors : null;
}

/** One number for a whole group (KPI, gauge, mean/grade/median charts). */
export function scalarValue(cfg: NormalConfig, loc: DataLocationAnswer, s: StatsAnswer): number | null {
  switch (cfg.kpi) {
    case 'response':
      return s.groupSize;
    case 'response-rate':
      return s.groupSize > 0 ? (s.answered / s.groupSize) * 100 : null;
    case 'mean-grade':
      return s.mean;
    case 'nps':
      return npsOf(loc, s);
    case 'satisfied':
    case 'agree':
    case 'top-box':
      return s.topBox;
    default:
      break;
  }
  switch (cfg.format) {
    case 'mean':
    case 'grade':
      return s.mean;
    case 'median':
      return medianOf(loc, s);
    case 'count':
      return s.base;
    default:
      return s.topBox ?? s.options[0]?.percentage ?? null;
  }
}

/** Unit, decimals and axis range of scalar values. */
export function scalarScale(cfg: NormalConfig): { unit: '%' | ''; decimals: number; range: { min: number; max: number | null } } {
  if (cfg.kpi === 'nps') return { unit: '', decimals: 0, range: { min: -100, max: 100 } };
  if (cfg.kpi === 'response') return { unit: '', decimals: 0, range: { min: 0, max: null } };
  if (cfg.kpi && cfg.kpi !== 'mean-grade') return { unit: '%', decimals: 0, range: { min: 0, max: 100 } };
  if (cfg.kpi === 'mean-grade' || cfg.format === 'grade') return { unit: '', decimals: 1, range: { min: 0, max: 10 } };
  if (cfg.format === 'mean' || cfg.format === 'median') return { unit: '', decimals: cfg.format === 'mean' ? 1 : 0, range: { min: 0, max: null } };
  if (cfg.format === 'count') return { unit: '', decimals: 0, range: { min: 0, max: null } };
  return { unit: '%', decimals: 0, range: { min: 0, max: 100 } };
}
