import { type RakeVariable, rakeVariables } from './targets';
import { type VariableResult, type WeightingProblem, type WeightingResult, WeightingError } from './types';

export const DEFAULT_MAX_ITERATIONS = 100;
export const DEFAULT_TOLERANCE = 1e-10;
/** Slack on the trimming bounds (relative), so a weight clamped exactly to a bound counts as inside. */
const BOUND_SLACK = 1e-9;

/**
 * Respondents with the same answers on every weighting variable get the same weight (raking starts
 * from equal weights and every step multiplies by a factor per answer), so the loop runs over the
 * distinct answer combinations ("cells"), not over rows: a few hundred cells however many rows.
 * Cells are ordered by their answer codes, so the result does not depend on the row order.
 */
interface Cells {
  /** Cell of each row. */
  cellOf: Int32Array;
  /** Rows per cell. */
  size: Float64Array;
  /** codes[v][c]: 1-based code index of variable v in cell c (0 = no answer). */
  codes: Int32Array[];
}

function cellsOf(vars: RakeVariable[], rows: number): Cells {
  const radix = vars.map((v) => v.codes.length + 1);
  const space = radix.reduce((a, b) => a * b, 1);
  const keys = space <= 2 ** 31 ? new Int32Array(rows) : new Float64Array(rows);
  let scale = 1;
  for (const [i, v] of vars.entries()) {
    const values = v.values;
    for (let r = 0; r < rows; r++) keys[r]! += values[r]! * scale;
    scale *= radix[i]!;
  }
  // Cells in key order: a dense table when the answer combinations are few (the usual case).
  let distinct: number[];
  let cellOf: Int32Array;
  if (space <= 1 << 22) {
    const index = new Int32Array(space).fill(-1);
    for (let r = 0; r < rows; r++) index[keys[r]!] = 0;
    distinct = [];
    for (let k = 0; k < space; k++) if (index[k] === 0) index[k] = distinct.push(k) - 1;
    cellOf = Int32Array.from(keys, (k) => index[k]!);
  } else {
    distinct = [...new Set(keys)].sort((a, b) => a - b);
    const index = new Map(distinct.map((k, c) => [k, c]));
    cellOf = Int32Array.from(keys, (k) => index.get(k)!);
  }
  const size = new Float64Array(distinct.length);
  for (let r = 0; r < rows; r++) size[cellOf[r]!]!++;
  let div = 1;
  const codes = vars.map((_, i) => {
    const k = radix[i]!;
    const out = Int32Array.from(distinct, (key) => Math.floor(key / div) % k);
    div *= k;
    return out;
  });
  return { cellOf, size, codes };
}

/** Weighted totals per code of variable v (index 0: without an answer). */
function totalsOf(cells: Cells, w: Float64Array, v: number, k: number): Float64Array {
  const totals = new Float64Array(k + 1);
  const codes = cells.codes[v]!;
  for (let c = 0; c < w.length; c++) totals[codes[c]!]! += cells.size[c]! * w[c]!;
  return totals;
}

/** Largest |achieved − target| share of each variable among its answered respondents. */
function deviations(vars: RakeVariable[], cells: Cells, w: Float64Array): number[] {
  return vars.map((v, i) => {
    const totals = totalsOf(cells, w, i, v.codes.length);
    let answered = 0;
    for (let k = 1; k < totals.length; k++) answered += totals[k]!;
    let worst = 0;
    for (let k = 1; k < totals.length; k++) worst = Math.max(worst, Math.abs(totals[k]! / answered - v.shares[k]!));
    return worst;
  });
}

/**
 * One raking step: the answered respondents' weights of variable v are scaled per answer so their
 * weighted shares equal the targets and their weighted total stays the same. Respondents without
 * an answer keep their weight, which is the mean adjustment of the answered group (its total is
 * unchanged, so the weighted mean factor is 1): they are weighted by their other variables only.
 */
function rakeStep(vars: RakeVariable[], cells: Cells, w: Float64Array, v: number): void {
  const variable = vars[v]!;
  const totals = totalsOf(cells, w, v, variable.codes.length);
  let answered = 0;
  for (let k = 1; k < totals.length; k++) answered += totals[k]!;
  const factor = new Float64Array(totals.length);
  factor[0] = 1;
  for (let k = 1; k < totals.length; k++) factor[k] = totals[k]! > 0 ? (variable.shares[k]! * answered) / totals[k]! : 1;
  const codes = cells.codes[v]!;
  for (let c = 0; c < w.length; c++) w[c]! *= factor[codes[c]!]!;
}

function meanOf(cells: Cells, w: Float64Array, rows: number): number {
  let total = 0;
  for (let c = 0; c < w.length; c++) total += cells.size[c]! * w[c]!;
  return total / rows;
}

/**
 * Trimming: weights outside [lower, upper] × the mean are set to the bound and the difference is
 * spread over the weights inside (proportionally), so the total stays; repeated until every weight
 * is inside, as R's trimWeights does. The raking step after it restores the margins.
 */
function trimStep(cells: Cells, w: Float64Array, rows: number, lower: number, upper: number): void {
  const total = meanOf(cells, w, rows) * rows;
  const lo = lower * (total / rows);
  const hi = upper * (total / rows);
  const fixed = new Uint8Array(w.length);
  for (let round = 0; round < 100; round++) {
    let changed = false;
    let fixedTotal = 0;
    let freeTotal = 0;
    for (let c = 0; c < w.length; c++) {
      if (w[c]! < lo * (1 - BOUND_SLACK)) (w[c] = lo), (fixed[c] = 1), (changed = true);
      else if (w[c]! > hi * (1 + BOUND_SLACK)) (w[c] = hi), (fixed[c] = 1), (changed = true);
      if (fixed[c]) fixedTotal += cells.size[c]! * w[c]!;
      else freeTotal += cells.size[c]! * w[c]!;
    }
    if (!changed || freeTotal <= 0) return;
    const scale = (total - fixedTotal) / freeTotal;
    for (let c = 0; c < w.length; c++) if (!fixed[c]) w[c]! *= scale;
  }
}

function boundsHold(cells: Cells, w: Float64Array, rows: number, trim: { lower: number; upper: number }): boolean {
  const mean = meanOf(cells, w, rows);
  for (let c = 0; c < w.length; c++) {
    if (w[c]! < trim.lower * mean * (1 - BOUND_SLACK) || w[c]! > trim.upper * mean * (1 + BOUND_SLACK)) return false;
  }
  return true;
}

function resultOf(vars: RakeVariable[], cells: Cells, cw: Float64Array, rows: number, iterations: number, maxDeviation: number): WeightingResult {
  const mean = meanOf(cells, cw, rows);
  const weights = new Float64Array(rows);
  let sum = 0;
  let sumSq = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let r = 0; r < rows; r++) {
    const x = cw[cells.cellOf[r]!]! / mean;
    weights[r] = x;
    sum += x;
    sumSq += x * x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  let missing = 0;
  for (let c = 0; c < cw.length; c++) if (cells.codes.some((codes) => codes[c] === 0)) missing += cells.size[c]!;
  const variables: VariableResult[] = vars.map((v, i) => {
    const totals = totalsOf(cells, cw, i, v.codes.length);
    let answered = 0;
    let people = 0;
    for (let k = 1; k < totals.length; k++) (answered += totals[k]!), (people += v.counts[k]!);
    return {
      key: v.key,
      missing: v.counts[0]!,
      categories: v.codes
        .map((code, j) => ({ code, count: v.counts[j + 1]!, target: v.shares[j + 1]!, achieved: answered > 0 ? totals[j + 1]! / answered : 0, unweighted: people > 0 ? v.counts[j + 1]! / people : 0 }))
        .filter((c) => c.count > 0 || c.target > 0),
    };
  });
  const effectiveN = (sum * sum) / sumSq;
  return {
    weights,
    stats: {
      n: rows,
      sumOfWeights: sum,
      effectiveN,
      designEffect: rows / effectiveN,
      efficiency: effectiveN / rows,
      minWeight: min,
      maxWeight: max,
      iterations,
      converged: true,
      missing,
      maxDeviation,
      variables,
    },
  };
}

/**
 * Weights for a scheme: raking (iterative proportional fitting over the variables in order, as
 * R's survey::rake) or post-stratification (one variable, or the cross of two: weight = target
 * share / sample share per cell, as survey::postStratify), optionally trimmed to [lower, upper] ×
 * the mean and re-raked until both the margins (within `tolerance`) and the bounds hold.
 * Weights are normalised to mean 1. Throws WeightingError (validation, no convergence).
 */
export function computeWeights(p: WeightingProblem): WeightingResult {
  const vars = rakeVariables(p);
  const rows = vars[0]!.values.length;
  const trim = p.trim ?? null;
  if (trim && !(trim.lower > 0 && trim.lower <= 1 && trim.upper >= 1 && Number.isFinite(trim.upper))) throw new WeightingError({ code: 'BAD_TRIM' });
  const maxIterations = Math.max(1, Math.floor(p.maxIterations ?? DEFAULT_MAX_ITERATIONS));
  const tolerance = p.tolerance ?? DEFAULT_TOLERANCE;
  const cells = cellsOf(vars, rows);
  const w = new Float64Array(cells.size.length).fill(1);
  let devs: number[] = [];
  for (let it = 1; it <= maxIterations; it++) {
    for (let v = 0; v < vars.length; v++) {
      rakeStep(vars, cells, w, v);
      if (trim) trimStep(cells, w, rows, trim.lower, trim.upper);
    }
    devs = deviations(vars, cells, w);
    const worst = Math.max(...devs);
    if (worst <= tolerance && (!trim || boundsHold(cells, w, rows, trim))) return resultOf(vars, cells, w, rows, it, worst);
  }
  const worst = devs.indexOf(Math.max(...devs));
  throw new WeightingError({ code: 'NO_CONVERGENCE', variable: vars[worst]!.key, deviation: devs[worst]!, iterations: maxIterations });
}
