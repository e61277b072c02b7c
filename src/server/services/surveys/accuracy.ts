const Z: Record<number, number> = { 90: 1.6449, 95: 1.96, 99: 2.5758 };

/**
 * Margin of error (percentage points) of a proportion at p = 0.5 for n responses out of a
 * population N, with the finite population correction; null when it can't be computed.
 */
export function marginOfError(n: number, populationSize: number | null, confidencePercent: number | null): number | null {
  const z = Z[confidencePercent ?? 95];
  if (!z || n <= 0) return null;
  let se = Math.sqrt(0.25 / n);
  if (populationSize && populationSize > 1) {
    if (n >= populationSize) return 0;
    se *= Math.sqrt((populationSize - n) / (populationSize - 1));
  }
  return Math.round(z * se * 1000) / 10;
}
