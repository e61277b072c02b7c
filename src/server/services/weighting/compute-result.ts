import { eq } from 'drizzle-orm';
import { AnalyticsError, type Cube, type CubeWeighting, WeightingError, cachedCubeWeighting } from '../../analytics';
import type { Db } from '../../db/client';
import { weightingResults } from '../../db/schema';
import { type SchemeRow, engineScheme, weightingMessage } from './scheme-engine';

const BINS = 20;

/** Weights in BINS equal bins from the smallest to the largest (the screen's histogram). */
export function histogramOf(weights: Float64Array, min: number, max: number): number[] {
  const bins = new Array<number>(BINS).fill(0);
  const width = (max - min) / BINS;
  for (const w of weights) bins[width > 0 ? Math.min(BINS - 1, Math.floor((w - min) / width)) : 0]!++;
  return bins;
}

/** The stored figures of a computation (snake_case, as the API answers them). */
export function statsRecord(w: CubeWeighting): Record<string, unknown> {
  const s = w.stats;
  return {
    n: s.n,
    sum_of_weights: s.sumOfWeights,
    effective_n: s.effectiveN,
    design_effect: s.designEffect,
    efficiency: s.efficiency,
    min_weight: s.minWeight,
    max_weight: s.maxWeight,
    iterations: s.iterations,
    converged: s.converged,
    missing: s.missing,
    max_deviation: s.maxDeviation,
    variables: s.variables.map((v) => ({ column_key: v.key, missing: v.missing, categories: v.categories })),
    histogram: histogramOf(w.weights, s.minWeight, s.maxWeight),
  };
}

export type Computation = { ok: true; weighting: CubeWeighting; version: number } | { ok: false; error: WeightingError | AnalyticsError; version: number };

/** A scheme over the survey's current cube (the isolate's cached weights when it has them). The caller loads the cube. */
export function computeScheme(cube: Cube, scheme: Parameters<typeof engineScheme>[0]): Computation {
  try {
    return { ok: true, weighting: cachedCubeWeighting(cube, engineScheme(scheme)), version: cube.version };
  } catch (e) {
    if (e instanceof WeightingError || e instanceof AnalyticsError) return { ok: false, error: e, version: cube.version };
    throw e;
  }
}

/** The statement that records a computation as the scheme's result (one row per scheme); `nameOf` names variables in a failure's reason. */
export function storeResult(db: Db, scheme: Pick<SchemeRow, 'id' | 'updatedAt'>, c: Computation, now = new Date(), nameOf?: (key: string) => string) {
  const row = {
    schemeId: scheme.id,
    responsesVersion: c.version,
    schemeUpdatedAt: scheme.updatedAt,
    status: c.ok ? ('ok' as const) : ('failed' as const),
    stats: c.ok ? statsRecord(c.weighting) : null,
    error: c.ok ? null : weightingMessage(c.error, nameOf),
    computedAt: now,
  };
  const { schemeId: _, ...set } = row;
  return db.insert(weightingResults).values(row).onConflictDoUpdate({ target: weightingResults.schemeId, set });
}

/** The stored result of a scheme, if any. */
export async function loadResult(db: Db, schemeId: number) {
  const [row] = await db.select().from(weightingResults).where(eq(weightingResults.schemeId, schemeId));
  return row ?? null;
}
