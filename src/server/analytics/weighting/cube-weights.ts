import { collectRows } from '../bitset';
import { type Cube, getColumn, universeBits } from '../cube';
import { lowerBound } from '../days';
import { planeCodes } from '../planes';
import { computeWeights } from './rake';
import { type TargetsAre, type WeightingMethod, type WeightingResult, WeightingError } from './types';

/** A stored weighting scheme as the engine needs it (dates as days since 1970-01-01, inclusive). */
export interface WeightingScheme {
  method: WeightingMethod;
  variables: { columnKey: string; targets: Record<string, number> }[];
  cellTargets?: Record<string, number> | null;
  targetsAre: TargetsAre;
  trim?: { lower: number; upper: number } | null;
  maxIterations?: number | null;
  tolerance?: number | null;
  startDay: number | null;
  endDay: number | null;
}

export interface CubeWeighting extends WeightingResult {
  /** Cube rows of the universe (completed responses within the scheme's range), ascending. */
  rows: Int32Array;
  /** One weight per cube row (Float32, 4 bytes a row): the universe's weights, 1 elsewhere. */
  cubeWeights: Float32Array;
}

/** The universe of a scheme: completed responses submitted within its range (cube rows, ascending). */
function universeRows(cube: Cube, startDay: number | null, endDay: number | null): Int32Array {
  const lo = startDay === null ? 0 : lowerBound(cube.days, startDay);
  const hi = endDay === null ? cube.rowCount : lowerBound(cube.days, endDay + 1);
  const out = new Int32Array(Math.max(0, hi - lo));
  return out.subarray(0, collectRows(universeBits(cube, false), lo, hi, out));
}

/**
 * Weights of a scheme over a survey's cube: the universe's answers on the scheme's single-choice
 * columns into computeWeights. Throws WeightingError (a column that is not single choice,
 * validation, no convergence) and AnalyticsError (an unknown column).
 */
export function weighCube(cube: Cube, scheme: WeightingScheme): CubeWeighting {
  const rows = universeRows(cube, scheme.startDay, scheme.endDay);
  const variables = scheme.variables.map((v) => {
    const col = getColumn(cube, v.columnKey);
    if (col.kind !== 'single') throw new WeightingError({ code: 'NOT_SINGLE_CHOICE', variable: v.columnKey });
    const all = planeCodes(col.planes, cube.rowCount);
    const values = new Int32Array(rows.length);
    for (let i = 0; i < rows.length; i++) values[i] = all[rows[i]!]!;
    return { key: v.columnKey, codes: col.codes, values, targets: v.targets };
  });
  const result = computeWeights({
    method: scheme.method,
    variables,
    cellTargets: scheme.cellTargets ?? undefined,
    targetsAre: scheme.targetsAre,
    trim: scheme.trim,
    maxIterations: scheme.maxIterations ?? undefined,
    tolerance: scheme.tolerance ?? undefined,
  });
  const cubeWeights = new Float32Array(cube.rowCount).fill(1);
  for (let i = 0; i < rows.length; i++) cubeWeights[rows[i]!] = result.weights[i]!;
  return { ...result, rows, cubeWeights };
}

const cache = new WeakMap<Cube, Map<string, CubeWeighting | WeightingError>>();

/**
 * weighCube, remembered per cube (a survey's responses version) and scheme definition, so every
 * data call of an isolate on the same cube reuses the weights. A scheme that cannot be computed
 * throws its WeightingError each time without recomputing.
 */
export function cachedCubeWeighting(cube: Cube, scheme: WeightingScheme): CubeWeighting {
  let byScheme = cache.get(cube);
  if (!byScheme) cache.set(cube, (byScheme = new Map()));
  const key = JSON.stringify(scheme);
  let hit = byScheme.get(key);
  if (!hit) {
    try {
      hit = weighCube(cube, scheme);
    } catch (e) {
      if (!(e instanceof WeightingError)) throw e;
      hit = e;
    }
    byScheme.set(key, hit);
  }
  if (hit instanceof WeightingError) throw hit;
  return hit;
}
