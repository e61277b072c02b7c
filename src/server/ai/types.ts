import type { BenchmarkCell, Stats } from '../analytics';

/** One data location as the assistant sees it: the engine's cells (suppressed ones carry no numbers). */
export interface AiLocation {
  question: string;
  codes: string[];
  labels?: string[];
  benchmarks: BenchmarkCell[];
  /** The survey's confidence level of the margins (95 when unknown). */
  confidenceLevel?: number;
  /** Its percentages, means and margins follow the report's weighting scheme (`AiInput.weighting`). */
  weighted?: boolean;
}

export interface AiInput {
  locations: AiLocation[];
  /** Benchmark labels in request order. */
  benchmarks: string[];
  /** Granularity key of the buckets ('none' when not split in time). */
  granularity: string;
  topic?: string;
  aiInput?: string;
  /** Cell-key mode: counts are perturbed, so the prompt writes them as 'ca. 123' and says why. */
  approximate?: boolean;
  /** 'Gewogen naar …' of the report's scheme when some locations are `weighted` (null: nothing weighted). */
  weighting?: string | null;
}

export interface AiAnswer {
  /** Dutch markdown. */
  text: string;
  source: 'workers-ai' | 'ingebouwde analist';
}

/**
 * The one gate to numbers: a cell's stats only when the engine released it. Everything the
 * assistant says or sends goes through here, so a suppressed group cannot leak even if a caller
 * hands over a cell that (wrongly) still holds numbers.
 */
export function releasedStats(cell: { suppressed: boolean; stats?: Stats } | undefined): Stats | null {
  return cell && cell.suppressed === false && cell.stats ? cell.stats : null;
}

export const optionLabel = (loc: AiLocation, i: number) => loc.labels?.[i] || loc.codes[i] || '';

/**
 * What the assistant says about weighting for these locations: the scheme's 'Gewogen naar …' and
 * whether every location follows it; null when none does (charts of another survey stay unmarked).
 */
export function weightingOf(input: Pick<AiInput, 'weighting'>, locations: AiLocation[]): { label: string; all: boolean; questions: string[] } | null {
  const weighted = locations.filter((l) => l.weighted);
  if (!input.weighting || !weighted.length) return null;
  return { label: input.weighting, all: weighted.length === locations.length, questions: [...new Set(weighted.map((l) => l.question))] };
}
