import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeWeights, type WeightingProblem, WeightingError, type WeightingVariable } from '../../../src/server/analytics/weighting';

interface RefCase {
  name: string;
  method: 'rake' | 'poststratify';
  targets_are: 'counts' | 'shares';
  variables: WeightingVariable[];
  cell_targets?: Record<string, number>;
  y: number[];
  q: string[];
  weights: number[];
  means: { y: number; q: Record<string, number> };
}

// Computed by tests/fixtures/weighting/make-reference.R (R's survey package: rake, postStratify, svymean).
const reference = JSON.parse(readFileSync(new URL('../../fixtures/weighting/reference.json', import.meta.url), 'utf8')) as { cases: RefCase[] };

const problemOf = (c: RefCase): WeightingProblem => ({ method: c.method, targetsAre: c.targets_are, variables: c.variables, cellTargets: c.cell_targets });

function weightedMean(w: ArrayLike<number>, x: (i: number) => number): number {
  let s = 0;
  let t = 0;
  for (let i = 0; i < w.length; i++) (s += w[i]! * x(i)), (t += w[i]!);
  return s / t;
}

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

describe('weights equal R survey (rake, postStratify, svymean)', () => {
  for (const c of reference.cases) {
    it(c.name, () => {
      // Converged as far as R was (its epsilon 1e-13 × n on the totals): equal to 1e-11.
      const { weights, stats } = computeWeights({ ...problemOf(c), tolerance: 1e-14, maxIterations: 1000 });
      expect(weights.length).toBe(c.weights.length);
      expect(maxAbsDiff(weights, c.weights)).toBeLessThan(1e-11);
      // At the default tolerance (1e-10 on the margins) the weights are within 1e-8 of R's.
      expect(maxAbsDiff(computeWeights(problemOf(c)).weights, c.weights)).toBeLessThan(1e-8);
      expect(weightedMean(weights, (i) => c.y[i]!)).toBeCloseTo(c.means.y, 9);
      for (const [code, share] of Object.entries(c.means.q)) expect(weightedMean(weights, (i) => (c.q[i] === code ? 1 : 0))).toBeCloseTo(share, 9);
      expect(stats.converged).toBe(true);
      // Weighted margins equal their targets.
      for (const v of stats.variables) for (const cat of v.categories) expect(Math.abs(cat.achieved - cat.target)).toBeLessThan(1e-9);
      const sum = c.weights.reduce((s, x) => s + x, 0);
      const sumSq = c.weights.reduce((s, x) => s + x * x, 0);
      expect(stats.effectiveN).toBeCloseTo((sum * sum) / sumSq, 9);
      expect(stats.designEffect).toBeCloseTo(c.weights.length / stats.effectiveN, 12);
    });
  }
});

/** A small seeded generator, so property cases are reproducible. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function randomProblem(seed: number, rows = 300, missingRate = 0): WeightingProblem {
  const r = rng(seed);
  const sizes = [4 + Math.floor(r() * 3), 2, 3 + Math.floor(r() * 3)];
  const variables = sizes.map((k, v): WeightingVariable => {
    const codes = Array.from({ length: k }, (_, i) => `c${i + 1}`);
    const values = Int32Array.from({ length: rows }, () => (r() < missingRate ? 0 : 1 + Math.floor(r() ** 1.4 * k)));
    for (let i = 0; i < k; i++) values[i] = i + 1; // every code given at least once
    const targets = Object.fromEntries(codes.map((c) => [c, 0.5 + r()]));
    return { key: `v${v}`, codes, values, targets };
  });
  return { method: 'rake', targetsAre: 'shares', variables: variables.map((v) => ({ ...v, targets: normalise(v.targets) })) };
}

function normalise(t: Record<string, number>): Record<string, number> {
  const total = Object.values(t).reduce((s, x) => s + x, 0);
  return Object.fromEntries(Object.entries(t).map(([k, x]) => [k, x / total]));
}

describe('properties', () => {
  it('weights are positive with mean 1 and margins on target', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { weights, stats } = computeWeights(randomProblem(seed));
      expect(Math.min(...weights)).toBeGreaterThan(0);
      expect(weights.reduce((s, x) => s + x, 0) / weights.length).toBeCloseTo(1, 12);
      expect(stats.maxDeviation).toBeLessThanOrEqual(1e-10);
      expect(stats.sumOfWeights).toBeCloseTo(stats.n, 9);
      expect(stats.efficiency).toBeCloseTo(stats.effectiveN / stats.n, 12);
    }
  });

  it('does not depend on the row order', () => {
    const p = randomProblem(7);
    const rows = p.variables[0]!.values.length;
    const order = Array.from({ length: rows }, (_, i) => i).sort((a, b) => ((a * 7919) % rows) - ((b * 7919) % rows));
    const shuffled: WeightingProblem = { ...p, variables: p.variables.map((v) => ({ ...v, values: Int32Array.from(order, (i) => v.values[i]!) })) };
    const a = computeWeights(p).weights;
    const b = computeWeights(shuffled).weights;
    for (let i = 0; i < rows; i++) expect(b[i]).toBe(a[order[i]!]);
  });

  it('trimming keeps every weight within its bounds and the margins on target', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const p = randomProblem(seed);
      const free = computeWeights(p).stats;
      const trim = { lower: Math.min(1, free.minWeight * 1.05), upper: Math.max(1.2, free.maxWeight * 0.95) };
      const { weights, stats } = computeWeights({ ...p, trim, maxIterations: 2000 });
      expect(stats.minWeight).toBeGreaterThanOrEqual(trim.lower * (1 - 1e-9));
      expect(stats.maxWeight).toBeLessThanOrEqual(trim.upper * (1 + 1e-9));
      expect(stats.maxWeight).toBeLessThan(free.maxWeight);
      expect(stats.minWeight).toBeGreaterThan(free.minWeight);
      expect(stats.maxDeviation).toBeLessThanOrEqual(1e-10);
      expect(weights.reduce((s, x) => s + x, 0) / weights.length).toBeCloseTo(1, 12);
    }
  });

  it('bounds that cannot hold with the margins: no convergence, naming the variable furthest off', () => {
    const p = randomProblem(3);
    try {
      computeWeights({ ...p, trim: { lower: 0.99, upper: 1.01 } });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(WeightingError);
      const issue = (e as WeightingError).issue;
      expect(issue.code).toBe('NO_CONVERGENCE');
      if (issue.code === 'NO_CONVERGENCE') expect(p.variables.map((v) => v.key)).toContain(issue.variable);
    }
  });

  it('respondents without an answer keep the adjustment of their other variables and are counted', () => {
    const p = randomProblem(11, 400, 0.1);
    const { weights, stats } = computeWeights(p);
    expect(stats.missing).toBeGreaterThan(0);
    for (const [i, v] of p.variables.entries()) expect(stats.variables[i]!.missing).toBe(Array.from(v.values).filter((x) => x === 0).length);
    expect(stats.maxDeviation).toBeLessThanOrEqual(1e-10);
    expect(Math.min(...weights)).toBeGreaterThan(0);
    // Missing on the only variable: the row keeps the mean weight (1) of the answered group's adjustment.
    const one = computeWeights({ method: 'rake', targetsAre: 'shares', variables: [{ key: 'a', codes: ['x', 'y'], values: [1, 1, 1, 2, 0], targets: { x: 0.5, y: 0.5 } }] });
    expect(one.weights[4]).toBeCloseTo(1, 12);
    expect(one.weights[0]! * 3).toBeCloseTo(one.weights[3]!, 12);
  });
});

describe('validation', () => {
  const base = (targets: Record<string, number>, targetsAre: 'counts' | 'shares' = 'counts', values: number[] = [1, 1, 2, 2, 2]): WeightingProblem => ({
    method: 'rake',
    targetsAre,
    variables: [{ key: 'a', codes: ['x', 'y', 'z'], values, targets }],
  });
  const issueOf = (p: WeightingProblem) => {
    try {
      computeWeights(p);
    } catch (e) {
      if (e instanceof WeightingError) return e.issue;
      throw e;
    }
    return null;
  };

  it('a target for a code nobody gave', () => {
    expect(issueOf(base({ x: 1, y: 1, z: 1 }))).toEqual({ code: 'EMPTY_CELL', variable: 'a', codes: ['z'] });
    expect(issueOf(base({ x: 1, y: 1, q: 2 }))).toEqual({ code: 'EMPTY_CELL', variable: 'a', codes: ['q'] });
  });
  it('a given code without a target, or with 0', () => {
    expect(issueOf(base({ x: 1 }))).toEqual({ code: 'MISSING_TARGETS', variable: 'a', codes: ['y'] });
    expect(issueOf(base({ x: 1, y: 0 }))).toEqual({ code: 'ZERO_TARGET', variable: 'a', codes: ['y'] });
  });
  it('counts of one variable that do not add up to the others', () => {
    const p: WeightingProblem = {
      method: 'rake',
      targetsAre: 'counts',
      variables: [
        { key: 'a', codes: ['x', 'y'], values: [1, 2, 1], targets: { x: 10, y: 20 } },
        { key: 'b', codes: ['p', 'q'], values: [1, 2, 2], targets: { p: 10, q: 21 } },
      ],
    };
    expect(issueOf(p)).toEqual({ code: 'TOTALS_DIFFER', variable: 'b', total: 31, expected: 30 });
  });
  it('shares that do not add up to 1 (or 100)', () => {
    expect(issueOf(base({ x: 0.4, y: 0.4 }, 'shares'))).toMatchObject({ code: 'SHARES_TOTAL', variable: 'a' });
    expect(issueOf(base({ x: 40, y: 60 }, 'shares'))).toBeNull();
  });
  it('post-stratification takes at most two variables; no rows, no weights', () => {
    const v = { key: 'a', codes: ['x'], values: [1], targets: { x: 1 } };
    expect(issueOf({ method: 'poststratify', targetsAre: 'counts', variables: [v, v, v] })).toEqual({ code: 'BAD_METHOD', variables: 3 });
    expect(issueOf({ method: 'rake', targetsAre: 'counts', variables: [{ ...v, values: [] }] })).toEqual({ code: 'NO_UNIVERSE' });
  });
});
