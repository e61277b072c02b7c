import type { Stats } from '../analytics';
import { significantlyDifferent } from '../../shared/chart-spec';
import { periodLabel } from './period-label';
import { type AiInput, type AiLocation, optionLabel, releasedStats } from './types';

export interface Difference {
  question: string;
  option: string;
  a: string;
  b: string;
  va: number;
  vb: number;
  /** Percentage points, or mean units when `mean`. */
  diff: number;
  /** Margin of the difference: √(mA² + mB²) of the two groups' worst-case margins. */
  margin: number | null;
  mean: boolean;
}

export interface Trend {
  question: string;
  benchmark: string;
  option: string;
  from: number;
  to: number;
  fromPeriod: string;
  toPeriod: string;
  margin: number | null;
  mean: boolean;
}

export interface Score {
  question: string;
  option: string;
  benchmark: string;
  value: number;
  mean: boolean;
  /** value is the top-box share (% in the highest answer scores). */
  topBox?: boolean;
}

const combined = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.sqrt(a * a + b * b));
const hasOptions = (s: Stats) => s.options.length > 0;

/** Whether a difference passes the engine's test (significanceOf): |diff| > its combined margin. */
export const isSignificant = (d: { diff: number; margin: number | null }): boolean => d.margin !== null && Math.abs(d.diff) > d.margin;

/**
 * Per location and per pair of released benchmarks (every pair, as the charts mark them), the
 * largest gap that is significant by the engine's test (significanceOf: |a − b| > √(mA² + mB²),
 * the two shares' own margins at the survey's confidence level). Gaps within the margin are not
 * differences and are not returned.
 */
export function findDifferences(input: AiInput, locations: AiLocation[]): Difference[] {
  const out: Difference[] = [];
  for (const loc of locations) {
    const cells = loc.benchmarks.map((c, i) => ({ label: input.benchmarks[i] ?? c.label, stats: releasedStats(c) })).filter((c) => c.stats);
    cells.forEach((ref, r) =>
      cells.slice(r + 1).forEach((other) => {
        const sa = ref.stats!;
        const sb = other.stats!;
        if (hasOptions(sa) && hasOptions(sb)) {
          let best: Difference | null = null;
          sa.options.forEach((oa, i) => {
            const ob = sb.options[i];
            if (!ob || oa.percentage === null || ob.percentage === null || (oa.empty && ob.empty)) return;
            const ma = oa.marginOfError ?? sa.marginOfError ?? null;
            const mb = ob.marginOfError ?? sb.marginOfError ?? null;
            if (ma === null || mb === null || !significantlyDifferent(oa.percentage, ma, ob.percentage, mb)) return;
            const diff = ob.percentage - oa.percentage;
            if (!best || Math.abs(diff) > Math.abs(best.diff)) {
              best = { question: loc.question, option: optionLabel(loc, i), a: ref.label, b: other.label, va: oa.percentage, vb: ob.percentage, diff, margin: combined(ma, mb), mean: false };
            }
          });
          if (best) out.push(best);
        } else if (sa.mean !== null && sb.mean !== null) {
          const d: Difference = { question: loc.question, option: '', a: ref.label, b: other.label, va: sa.mean, vb: sb.mean, diff: sb.mean - sa.mean, margin: combined(sa.meanMarginOfError ?? null, sb.meanMarginOfError ?? null), mean: true };
          if (isSignificant(d)) out.push(d);
        }
      }),
    );
  }
  // Percentage gaps first by size; mean gaps after them (their units differ).
  return out.sort((x, y) => Number(x.mean) - Number(y.mean) || Math.abs(y.diff) - Math.abs(x.diff));
}

/** First and last released time bucket per released benchmark: the most chosen option's share, or the mean. */
export function findTrends(input: AiInput, locations: AiLocation[]): Trend[] {
  const out: Trend[] = [];
  for (const loc of locations) {
    loc.benchmarks.forEach((cell, b) => {
      const overall = releasedStats(cell);
      if (!overall) return;
      const buckets = (cell.buckets ?? []).map((k) => ({ k, stats: releasedStats(k) })).filter((x) => x.stats);
      if (buckets.length < 2) return;
      const first = buckets[0]!;
      const last = buckets.at(-1)!;
      const label = input.benchmarks[b] ?? cell.label;
      const period = (d: number) => periodLabel(d, input.granularity);
      if (hasOptions(overall)) {
        let top = 0;
        overall.options.forEach((o, i) => {
          if ((o.percentage ?? -1) > (overall.options[top]!.percentage ?? -1)) top = i;
        });
        const from = first.stats!.options[top]?.percentage;
        const to = last.stats!.options[top]?.percentage;
        if (from === null || from === undefined || to === null || to === undefined) return;
        out.push({ question: loc.question, benchmark: label, option: optionLabel(loc, top), from, to, fromPeriod: period(first.k.startDay), toPeriod: period(last.k.startDay), margin: combined(first.stats!.marginOfError, last.stats!.marginOfError), mean: false });
      } else if (first.stats!.mean !== null && last.stats!.mean !== null) {
        out.push({ question: loc.question, benchmark: label, option: '', from: first.stats!.mean, to: last.stats!.mean, fromPeriod: period(first.k.startDay), toPeriod: period(last.k.startDay), margin: combined(first.stats!.meanMarginOfError ?? null, last.stats!.meanMarginOfError ?? null), mean: true });
      }
    });
  }
  return out.sort((x, y) => Math.abs(y.to - y.from) - Math.abs(x.to - x.from));
}

/**
 * Highest and lowest: the top-box share (answers in the highest scores) when at least two questions
 * have one — comparable across scales, unlike means of a 1–5 and a 1–10 question — else shares of
 * (non-empty) answer options.
 */
export function findExtremes(input: AiInput, locations: AiLocation[]): { highest: Score; lowest: Score } | null {
  const tops: Score[] = [];
  const shares: Score[] = [];
  for (const loc of locations) {
    loc.benchmarks.forEach((cell, b) => {
      const s = releasedStats(cell);
      if (!s) return;
      const benchmark = input.benchmarks[b] ?? cell.label;
      if (s.topBox !== null) tops.push({ question: loc.question, option: '', benchmark, value: s.topBox, mean: false, topBox: true });
      s.options.forEach((o, i) => {
        if (!o.empty && o.percentage !== null) shares.push({ question: loc.question, option: optionLabel(loc, i), benchmark, value: o.percentage, mean: false });
      });
    });
  }
  const pool = new Set(tops.map((m) => m.question)).size >= 2 ? tops : shares;
  if (pool.length < 2) return null;
  const sorted = [...pool].sort((x, y) => y.value - x.value);
  return { highest: sorted[0]!, lowest: sorted.at(-1)! };
}
