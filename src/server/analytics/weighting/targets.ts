import { type WeightingProblem, type WeightingVariable, WeightingError } from './types';

/** A variable the raking loop works on: target shares per 1-based code index (index 0 unused). */
export interface RakeVariable {
  key: string;
  codes: string[];
  values: ArrayLike<number>;
  shares: Float64Array;
  /** Respondents per 1-based code index (index 0: without an answer). */
  counts: Int32Array;
}

const COUNT_TOLERANCE = 1e-9;

function countsOf(v: { codes: string[]; values: ArrayLike<number> }): Int32Array {
  const counts = new Int32Array(v.codes.length + 1);
  for (let r = 0; r < v.values.length; r++) counts[v.values[r]!]!++;
  return counts;
}

/**
 * Checks one variable's targets against who answered it and turns them into shares: a target for
 * a code nobody gave (an empty cell cannot be weighted), a given code without a target or with a
 * target of 0, shares that do not add up to 1 (or 100).
 */
function sharesOf(v: WeightingVariable, counts: Int32Array, targetsAre: WeightingProblem['targetsAre']): { shares: Float64Array; total: number } {
  const index = new Map(v.codes.map((c, i) => [c, i + 1]));
  const empty = Object.entries(v.targets)
    .filter(([code, t]) => {
      const i = index.get(code);
      return t > 0 && (i === undefined || counts[i] === 0);
    })
    .map(([code]) => code);
  if (empty.length) throw new WeightingError({ code: 'EMPTY_CELL', variable: v.key, codes: empty });
  const given = v.codes.filter((_, i) => counts[i + 1]! > 0);
  const missing = given.filter((code) => v.targets[code] === undefined);
  if (missing.length) throw new WeightingError({ code: 'MISSING_TARGETS', variable: v.key, codes: missing });
  const zero = given.filter((code) => !(v.targets[code]! > 0));
  if (zero.length) throw new WeightingError({ code: 'ZERO_TARGET', variable: v.key, codes: zero });
  const shares = new Float64Array(v.codes.length + 1);
  let total = 0;
  for (const code of given) total += v.targets[code]!;
  if (targetsAre === 'shares' && Math.abs(total - 1) > 1e-6 && Math.abs(total - 100) > 1e-4) {
    throw new WeightingError({ code: 'SHARES_TOTAL', variable: v.key, total });
  }
  for (const code of given) shares[index.get(code)!] = v.targets[code]! / total;
  return { shares, total };
}

/** The cross of two variables as one (codes `a|b`, missing when either is). */
function crossOf(a: WeightingVariable, b: WeightingVariable, cellTargets: Record<string, number>): WeightingVariable {
  const codes = a.codes.flatMap((x) => b.codes.map((y) => `${x}|${y}`));
  const values = new Int32Array(a.values.length);
  for (let r = 0; r < values.length; r++) {
    const x = a.values[r]!;
    const y = b.values[r]!;
    values[r] = x && y ? (x - 1) * b.codes.length + y : 0;
  }
  return { key: `${a.key}|${b.key}`, codes, values, targets: cellTargets };
}

/** Validated variables with target shares, in raking order. Throws WeightingError. */
export function rakeVariables(p: WeightingProblem): RakeVariable[] {
  const rows = p.variables[0]?.values.length ?? 0;
  if (p.variables.length === 0 || (p.method === 'poststratify' && p.variables.length > 2)) {
    throw new WeightingError({ code: 'BAD_METHOD', variables: p.variables.length });
  }
  if (rows === 0) throw new WeightingError({ code: 'NO_UNIVERSE' });
  const source = p.method === 'poststratify' && p.variables.length === 2 ? [crossOf(p.variables[0]!, p.variables[1]!, p.cellTargets ?? {})] : p.variables;
  let expected: number | null = null;
  return source.map((v) => {
    const counts = countsOf(v);
    const { shares, total } = sharesOf(v, counts, p.targetsAre);
    if (p.targetsAre === 'counts') {
      if (expected === null) expected = total;
      else if (Math.abs(total - expected) > COUNT_TOLERANCE * Math.max(1, expected)) {
        throw new WeightingError({ code: 'TOTALS_DIFFER', variable: v.key, total, expected });
      }
    }
    return { key: v.key, codes: v.codes, values: v.values, shares, counts };
  });
}
