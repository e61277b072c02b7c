import { weightingNl } from '../i18n/weighting';
import { locationLabel } from './config';
import type { DataLocationAnswer } from './types';

type Location = Pick<DataLocationAnswer, 'kind' | 'weighted' | 'label' | 'question' | 'subquestion' | 'columnKey'>;

/** Locations whose chart shows numbers a scheme can weigh (open answers are counted texts). */
const withNumbers = (locs: Location[]) => locs.filter((l) => l.kind !== 'text');

/**
 * The note under one chart: 'Gewogen naar …' exactly when its numbers were weighted — the data
 * answer marks each data location (`weighted`: its survey is the scheme's). A chart whose data
 * locations are of two surveys names the weighted ones; a chart of another survey than the
 * scheme's, or of open answers only, gets no note.
 */
export function chartWeightingNote(label: string | null | undefined, locs: Location[]): string | null {
  const numbers = withNumbers(locs);
  const weighted = numbers.filter((l) => l.weighted);
  if (!label || !weighted.length) return null;
  if (weighted.length === numbers.length) return `${label}.`;
  return `${weightingNl.weightedOnly(label, [...new Set(weighted.map((l) => locationLabel(l)))])}.`;
}

/**
 * The report's line (PDF cover 'Weging', public page header), without the full stop: the scheme's
 * 'Gewogen naar …' when every chart with numbers was weighted, 'Deels gewogen …' (pointing to the
 * charts' notes) when only some were, null when none was.
 */
export function reportWeightingNote(weighting: { name: string; label: string } | null | undefined, locs: Location[]): string | null {
  const numbers = withNumbers(locs);
  const weighted = numbers.filter((l) => l.weighted);
  if (!weighting || !weighted.length) return null;
  return weighted.length === numbers.length ? weighting.label : weightingNl.reportPartly(weighting.name);
}

/**
 * The Samenvatting tab's line under its key figures (one row per chart, no notes under them): the
 * scheme's sentence when every chart with numbers was weighted, the sentence naming the weighted
 * charts when only some were, null when none was — decided per chart as chartWeightingNote does.
 */
export function chartsWeightingNote(label: string | null | undefined, charts: { title: string; locs: Location[] }[]): string | null {
  if (!label) return null;
  const numbered = charts.filter((c) => withNumbers(c.locs).length > 0);
  const weighted = numbered.filter((c) => chartWeightingNote(label, c.locs) !== null);
  if (!weighted.length) return null;
  return weighted.length === numbered.length ? `${label}.` : `${weightingNl.weightedOnly(label, weighted.map((c) => c.title))}.`;
}
