import { aiNl } from '../../shared/i18n/ai';
import { chartsNl } from '../../shared/i18n/charts';
import { formatNumber } from '../pdf/text';
import { periodLabel } from './period-label';
import { scope } from './analyst';
import { type AiInput, optionLabel, releasedStats, weightingOf } from './types';

const MAX_PROMPT = 12_000;

/**
 * The user message for a language model: only released aggregates (percentages, n, margins, means,
 * time buckets); a suppressed group appears as "te weinig respondenten" without numbers, and no
 * individual answer is ever included.
 */
export function buildPrompt(input: AiInput): { system: string; user: string } {
  const { locations, note } = scope(input);
  const out: string[] = [];
  // Cell-key mode: every count is perturbed; the model must not present one as exact.
  const n = (base: number) => `n=${input.approximate ? chartsNl.approx(String(base)) : base}`;
  if (input.aiInput) out.push(`Vraag van de gebruiker: ${input.aiInput}`);
  if (input.topic) out.push(`Onderwerp: ${input.topic}`);
  if (note) out.push(note);
  if (input.approximate) out.push(chartsNl.table.approximate);
  // Weighted shares are not shares of the respondents counted by n: the model is told which are weighted.
  const weighting = weightingOf(input, locations);
  if (weighting) out.push(aiNl.weightedPrompt(weighting.label, weighting.all));
  out.push(`Benchmarks: ${input.benchmarks.join(', ')}`);
  for (const loc of locations) {
    out.push('', `Vraag: ${loc.question}${weighting && loc.weighted ? aiNl.weightedMark : ''}`);
    loc.benchmarks.forEach((cell, b) => {
      const label = input.benchmarks[b] ?? cell.label;
      const s = releasedStats(cell);
      if (!s) {
        out.push(`- ${label}: te weinig respondenten (geen cijfers)`);
        return;
      }
      const parts = [n(s.base)];
      if (loc.weighted && s.effectiveN !== undefined) parts.push(aiNl.effectiveN(input.approximate ? chartsNl.approx(formatNumber(s.effectiveN, 0)) : formatNumber(s.effectiveN, 0)));
      if (s.marginOfError !== null) parts.push(`foutmarge ±${formatNumber(s.marginOfError, 1)} procentpunt`);
      if (s.mean !== null) parts.push(`gemiddelde ${formatNumber(s.mean, 2)}`);
      const options = s.options.map((o, i) => `${optionLabel(loc, i)} ${o.percentage === null ? '–' : `${formatNumber(o.percentage, 1)}%`}`);
      out.push(`- ${label} (${parts.join(', ')})${options.length ? `: ${options.join('; ')}` : ''}`);
      for (const k of cell.buckets ?? []) {
        const ks = releasedStats(k);
        const period = periodLabel(k.startDay, input.granularity);
        if (!ks) out.push(`  - ${period}: te weinig respondenten`);
        else out.push(`  - ${period} (${n(ks.base)}): ${ks.mean !== null && !ks.options.length ? `gemiddelde ${formatNumber(ks.mean, 2)}` : ks.options.map((o, i) => `${optionLabel(loc, i)} ${o.percentage === null ? '–' : `${formatNumber(o.percentage, 1)}%`}`).join('; ')}`);
      }
    });
  }
  return { system: aiNl.workersAiSystem, user: out.join('\n').slice(0, MAX_PROMPT) };
}
