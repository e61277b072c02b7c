import { aiNl } from '../../shared/i18n/ai';
import { significantlyDifferent } from '../../shared/chart-spec';
import { formatNumber } from '../pdf/text';
import { findDifferences, findExtremes, findTrends, isSignificant } from './findings';
import { asksForImprovements, meaningfulWords, relevantLocations } from './relevance';
import { type AiInput, type AiLocation, optionLabel, releasedStats, weightingOf } from './types';

const pct = (v: number) => `${formatNumber(v, 1)}%`;
const points = (v: number) => `${formatNumber(Math.abs(v), 1)} ${aiNl.points}`;
const mean = (v: number) => formatNumber(v, 1);

/**
 * The locations to talk about and the sentence that says so: with a topic or a question, the
 * questions whose texts match it (relevance.ts: stemmed Dutch words, synonyms, TF-IDF), else all.
 */
export function scope(input: AiInput): { locations: AiLocation[]; note: string | null } {
  const asked = [input.topic, input.aiInput].filter(Boolean).join(' ');
  const words = meaningfulWords(asked);
  const found = asked ? relevantLocations(input.locations, asked) : null;
  if (found) {
    const locations = found.map((f) => f.location);
    // A matrix question once, not once per row: 'Hoe tevreden bent u over … – Straatverlichting' → 'Hoe tevreden bent u over …'.
    const questions = [...new Set(locations.map((l) => l.question.split(' – ')[0]!))];
    return { locations, note: [words.length ? aiNl.focus(words) : null, aiNl.matched(questions)].filter(Boolean).join(' ') };
  }
  return { locations: input.locations, note: words.length ? aiNl.noFocusMatch(words) : null };
}

export interface Improvements {
  low: { question: string; value: number; others: number; benchmark: string }[];
  mentioned: { question: string; option: string; value: number; others: number; benchmark: string }[];
}

/** Mean of values and of their margins, as one comparison value for the engine's test. */
const pooled = (items: { value: number; margin: number | null }[]) => {
  const margins = items.map((i) => i.margin);
  return items.length && margins.every((m) => m !== null) ? { value: items.reduce((s, i) => s + i.value, 0) / items.length, margin: (margins as number[]).reduce((s, m) => s + m, 0) / items.length } : null;
};

/**
 * Improvement points from the released numbers (of the first released benchmark), only where the
 * difference is significant by the engine's test (|a − b| > √(mA² + mB²)): scale items whose top
 * box is significantly below the mean of the other scale items and, of multiple-choice questions
 * only (their shares add up to more than 100 %), answers chosen significantly more often than the
 * question's other answers — a scale's answers are never 'problems mentioned'.
 */
export function findImprovements(input: AiInput, locations: AiLocation[]): Improvements {
  const scales: { question: string; value: number; margin: number | null; benchmark: string }[] = [];
  const mentioned: Improvements['mentioned'] = [];
  for (const loc of locations) {
    const b = loc.benchmarks.findIndex((c) => releasedStats(c));
    const s = b < 0 ? null : releasedStats(loc.benchmarks[b]);
    if (!s) continue;
    const benchmark = input.benchmarks[b] ?? loc.benchmarks[b]!.label;
    if (s.topBox !== null) {
      scales.push({ question: loc.question, value: s.topBox, margin: s.marginOfError, benchmark });
      continue;
    }
    const total = s.options.reduce((sum, o) => sum + (o.percentage ?? 0), 0);
    if (total <= 101) continue;
    const answers = s.options.flatMap((o, i) => (o.percentage !== null && !o.empty ? [{ option: optionLabel(loc, i), value: o.percentage, margin: o.marginOfError ?? s.marginOfError }] : []));
    for (const a of answers) {
      const rest = pooled(answers.filter((x) => x !== a));
      if (rest && a.value > rest.value && significantlyDifferent(a.value, a.margin ?? Infinity, rest.value, rest.margin)) mentioned.push({ question: loc.question, option: a.option, value: a.value, others: rest.value, benchmark });
    }
  }
  const low = scales.flatMap((item) => {
    const rest = pooled(scales.filter((x) => x !== item));
    return rest && item.value < rest.value && significantlyDifferent(item.value, item.margin ?? Infinity, rest.value, rest.margin) ? [{ question: item.question, value: item.value, others: rest.value, benchmark: item.benchmark }] : [];
  });
  return { low: low.sort((x, y) => x.value - y.value).slice(0, 3), mentioned: mentioned.sort((x, y) => y.value - x.value).slice(0, 3) };
}

/**
 * The built-in analyst: a deterministic Dutch narrative from the released aggregates — largest
 * differences between benchmarks with their margins, changes over time, highest and lowest scores.
 * It reads numbers only through releasedStats, so suppressed groups are named, never quantified.
 */
export function writeAnalysis(input: AiInput): string {
  const improve = asksForImprovements([input.topic, input.aiInput].filter(Boolean).join(' '));
  const { locations, note } = scope(input);
  const lines: string[] = [aiNl.heading, '', aiNl.intro(locations.length, input.benchmarks)];
  if (note) lines.push(note);
  const weighting = weightingOf(input, locations);
  if (weighting) lines.push(aiNl.weighted(weighting.label, weighting.all ? null : weighting.questions));
  const level = formatNumber(locations.find((l) => l.confidenceLevel)?.confidenceLevel ?? 95, 0);
  if (improve) lines.push(aiNl.improvementsIntro(level));
  const anyReleased = locations.some((l) => l.benchmarks.some((c) => releasedStats(c)));
  if (!anyReleased) return [...lines, '', aiNl.noData].join('\n');

  if (improve) {
    const found = findImprovements(input, locations);
    lines.push('', aiNl.improvementsHeading);
    if (!found.low.length && !found.mentioned.length) lines.push(aiNl.noImprovements);
    for (const l of found.low) lines.push(aiNl.lowScore(l.question, pct(l.value), l.benchmark, pct(l.others)));
    for (const m of found.mentioned) lines.push(aiNl.mentioned(m.question, m.option, pct(m.value), m.benchmark, pct(m.others)));
  }

  if (input.benchmarks.length > 1) {
    lines.push('', aiNl.differencesHeading);
    const diffs = findDifferences(input, locations).slice(0, 5);
    const compared = locations.some((l) => l.benchmarks.filter((c) => releasedStats(c)).length > 1);
    if (!diffs.length) lines.push(compared ? aiNl.noSignificantDifferences(level) : aiNl.noDifferences);
    for (const d of diffs) {
      if (d.mean) lines.push(aiNl.meanDifference(d.question, d.a, mean(d.va), d.b, mean(d.vb), formatNumber(Math.abs(d.diff), 1), formatNumber(d.margin!, 1), level));
      else lines.push(aiNl.difference(d.question, d.option, d.a, pct(d.va), d.b, pct(d.vb), points(d.diff), points(d.margin!), level));
    }
  }

  const trends = findTrends(input, locations).slice(0, 5);
  if (trends.length) {
    lines.push('', aiNl.trendsHeading);
    for (const t of trends) {
      const change = t.to - t.from;
      const significant = isSignificant({ diff: change, margin: t.margin });
      // 'Steeg'/'daalde' only for a significant change; otherwise the two values and why it is none.
      const direction = significant ? (change > 0 ? 'steeg' : 'daalde') : 'geen verschil';
      const subject = `${input.benchmarks.length > 1 ? `, ${t.benchmark}` : ''}${t.option ? `, aandeel '${t.option}'` : ', gemiddelde'}`;
      const fmt = t.mean ? mean : pct;
      lines.push(aiNl.trend(t.question, subject, fmt(t.from), t.fromPeriod, fmt(t.to), t.toPeriod, direction, t.margin === null ? null : t.mean ? mean(t.margin) : points(t.margin), level));
    }
  }

  const extremes = findExtremes(input, locations);
  if (extremes) {
    const fmt = (v: number) => (extremes.highest.topBox ? aiNl.topBox(pct(v)) : pct(v));
    lines.push('', aiNl.extremesHeading);
    lines.push(aiNl.highest(extremes.highest.question, extremes.highest.option, fmt(extremes.highest.value), extremes.highest.benchmark));
    lines.push(aiNl.lowest(extremes.lowest.question, extremes.lowest.option, fmt(extremes.lowest.value), extremes.lowest.benchmark));
  }

  const suppressed = input.benchmarks
    .map((label, b) => ({ label, count: locations.filter((l) => l.benchmarks[b] && !releasedStats(l.benchmarks[b])).length }))
    .filter((s) => s.count > 0);
  if (suppressed.length) lines.push('', ...suppressed.map((s) => aiNl.suppressed(s.label, s.count)));
  return lines.join('\n');
}
