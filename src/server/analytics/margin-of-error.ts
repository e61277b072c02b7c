/** Survey accuracy settings (PUT survey/{id}/accuracy): population size and confidence level. */
export interface Accuracy {
  populationSize?: number | null;
  confidenceLevel?: number | null;
}

/** Two-sided z values; other levels fall back to 95 %. */
const Z90 = 1.6448536269514722;
const Z95 = 1.959963984540054;
const Z99 = 2.5758293035489004;

export function zValue(confidenceLevel: number | null | undefined): number {
  // Compared, not looked up in a record: this runs for every margin of every cell.
  return confidenceLevel === 90 ? Z90 : confidenceLevel === 99 ? Z99 : Z95;
}

/**
 * Margin of error in percentage points for a proportion p observed on n respondents:
 *   MoE = 100 · z · √(p(1−p)/n) · √((N−n)/(N−1))
 * with z from the confidence level (90 %: 1.645, 95 %: 1.960, 99 %: 2.576) and the finite
 * population correction √((N−n)/(N−1)) when a population size N > 1 is known (0 when n ≥ N: the
 * whole population answered). p = 0.5 gives the worst case, reported per group. Null when n = 0.
 */
export function marginOfError(n: number, accuracy: Accuracy | undefined, p = 0.5): number | null {
  if (n <= 0) return null;
  return 100 * zValue(accuracy?.confidenceLevel) * Math.sqrt((p * (1 - p)) / n) * finiteCorrection(n, accuracy);
}

/** √((N−n)/(N−1)) for a known population size N > 1 (0 when n ≥ N); 1 without one. */
export function finiteCorrection(n: number, accuracy: Accuracy | undefined): number {
  const N = accuracy?.populationSize ?? 0;
  if (N <= 1) return 1;
  return n >= N ? 0 : Math.sqrt((N - n) / (N - 1));
}

/**
 * Margin of error of a mean of n scores with sample standard deviation sd: z · sd / √n with the
 * same z and finite population correction as marginOfError. Null below 2 scores.
 */
export function meanMarginOfError(sd: number, n: number, accuracy: Accuracy | undefined): number | null {
  if (n < 2) return null;
  return (zValue(accuracy?.confidenceLevel) * sd * finiteCorrection(n, accuracy)) / Math.sqrt(n);
}
