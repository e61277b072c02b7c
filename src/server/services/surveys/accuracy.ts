import { marginOfError as engineMargin } from '../../analytics';

/**
 * Margin of error (percentage points, one decimal) of a proportion at p = 0.5 for n responses out
 * of a population N, for the survey's accuracy screen: the engine's one formula
 * (analytics/margin-of-error.ts), which the report data, PDF, public page and assistant use too.
 */
export function marginOfError(n: number, populationSize: number | null, confidencePercent: number | null): number | null {
  if (confidencePercent !== null && ![90, 95, 99].includes(confidencePercent)) return null;
  const m = engineMargin(n, { populationSize, confidenceLevel: confidencePercent });
  return m === null ? null : Math.round(m * 10) / 10;
}
