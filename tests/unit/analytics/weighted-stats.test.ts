import { describe, expect, it } from 'vitest';
import { type Cube, type GroupResult, type ReportDataInput, answeredBits, computeReportData, hasBit, numericValues, planeCodes } from '../../../src/server/analytics';
import { buildCube } from './feed';
import { generateBenchmarks, generateCatalog, generateDataLocations, generateDataset, prng } from './generate';

function randomWeights(cube: Cube, seed: number): Float32Array {
  const rng = prng(seed);
  return Float32Array.from({ length: cube.rowCount }, () => 0.2 + rng.next() * 3);
}

const inputOf = (cube: Cube, seed: number, minN: number): ReportDataInput => {
  const rng = prng(seed);
  const defs = cube.columns.map((c) => ({ key: c.key, kind: c.kind }));
  return {
    dataLocations: generateDataLocations(rng, defs as never, 8),
    benchmarks: [{ label: 'A', start: null, end: null, filterOptionIds: [] }],
    filters: [],
    report: { minN, startDay: null, endDay: 40_000 },
    accuracy: { populationSize: 41_250, confidenceLevel: 95 },
  };
};

/** Weighted share, mean and Kish n by decoding every row (the oracle). Multiple choice: sums keyed by 1-based option. */
function brute(cube: Cube, key: string, weights: Float32Array) {
  const col = cube.byKey.get(key)!;
  const sums = new Map<number, number>();
  let answered = 0;
  let answeredSq = 0;
  let sum = 0;
  let group = 0;
  let groupSq = 0;
  const codes = col.kind === 'single' || col.kind === 'text' ? planeCodes(col.planes, cube.rowCount) : null;
  const values = col.kind === 'numeric' ? numericValues(col) : null;
  for (let r = 0; r < cube.rowCount; r++) {
    const w = weights[r]!;
    if (codes && codes[r]) {
      sums.set(codes[r]!, (sums.get(codes[r]!) ?? 0) + w);
      answered += w;
      answeredSq += w * w;
      if (col.kind === 'single' && !Number.isNaN(col.scores[codes[r]! - 1]!)) sum += w * col.scores[codes[r]! - 1]!;
    }
    if (values && !Number.isNaN(values[r]!)) (answered += w), (answeredSq += w * w), (sum += w * values[r]!);
    if (col.kind === 'multi' && hasBit(answeredBits(col), r)) {
      answered += w;
      answeredSq += w * w;
      col.optionBits.forEach((bits, k) => hasBit(bits, r) && sums.set(k + 1, (sums.get(k + 1) ?? 0) + w));
    }
    group += w;
    groupSq += w * w;
  }
  return { sums, answered, effectiveN: (answered * answered) / answeredSq, sum, group, groupEffectiveN: (group * group) / groupSq };
}

describe('weighted numbers (issue 31)', () => {
  it('weights of 1 give the unweighted numbers, with weightedBase = base', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const cube = buildCube(generateDataset(seed, 300), prng(seed));
      const input = inputOf(cube, seed, 1);
      const plain = computeReportData(cube, input);
      const ones = computeReportData(cube, { ...input, weights: new Float32Array(cube.rowCount).fill(1) });
      plain.dataLocations.forEach((d, i) => {
        const a = d.benchmarks[0]!;
        const b = ones.dataLocations[i]!.benchmarks[0]!;
        if (a.suppressed || b.suppressed) return expect(a.suppressed).toBe(b.suppressed);
        expect(b.stats.weightedBase).toBeCloseTo(a.stats.nMethod === 'answers' ? a.stats.answers : a.stats.base, 9);
        expect(b.stats.groupSize).toBe(a.stats.groupSize);
        expect(b.stats.options.map((o) => o.count)).toEqual(a.stats.options.map((o) => o.count));
        b.stats.options.forEach((o, k) => expect(o.percentage ?? 0).toBeCloseTo(a.stats.options[k]!.percentage ?? 0, 9));
        if (a.stats.mean !== null) expect(b.stats.mean).toBeCloseTo(a.stats.mean, 9);
        if (a.stats.sd) expect(b.stats.sd).toBeCloseTo(a.stats.sd, 9);
        if (a.stats.nps !== null) expect(b.stats.nps).toBeCloseTo(a.stats.nps, 9);
        if (a.stats.topBox !== null) expect(b.stats.topBox).toBeCloseTo(a.stats.topBox, 9);
        if (a.stats.marginOfError !== null && a.stats.nMethod === 'respondents') expect(b.stats.marginOfError).toBeCloseTo(a.stats.marginOfError, 9);
      });
    }
  });

  it('shares, means and effective n follow the weights; counts stay people', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const cube = buildCube(generateDataset(seed, 300), prng(seed));
      const weights = randomWeights(cube, seed);
      const input = inputOf(cube, seed, 1);
      const plain = computeReportData(cube, input);
      const weighted = computeReportData(cube, { ...input, weights });
      weighted.dataLocations.forEach((d, i) => {
        const cell = d.benchmarks[0]!;
        const base = plain.dataLocations[i]!.benchmarks[0]!;
        if (cell.suppressed || base.suppressed) return;
        expect(cell.stats.options.map((o) => o.count)).toEqual(base.stats.options.map((o) => o.count));
        expect(cell.stats.base).toBe(base.stats.base);
        const col = cube.byKey.get(d.columnKey)!;
        const want = brute(cube, d.columnKey, weights);
        // N method 'total': the base is every member of the group, answered or not.
        if (cell.stats.nMethod === 'total') {
          expect(cell.stats.weightedBase).toBeCloseTo(want.group, 6);
          expect(cell.stats.effectiveN).toBeCloseTo(want.groupEffectiveN, 6);
          cell.stats.options.forEach((o, k) => expect(o.percentage ?? 0).toBeCloseTo(((want.sums.get(k + 1) ?? 0) / want.group) * 100, 6));
          return;
        }
        if (cell.stats.nMethod !== 'respondents') return;
        if (col.kind === 'multi') {
          expect(cell.stats.effectiveN).toBeCloseTo(want.effectiveN, 6);
          cell.stats.options.forEach((o, k) => expect(o.percentage ?? 0).toBeCloseTo(((want.sums.get(k + 1) ?? 0) / want.answered) * 100, 6));
        }
        if (col.kind === 'single' || col.kind === 'numeric') expect(cell.stats.effectiveN).toBeCloseTo(want.effectiveN, 6);
        if (col.kind === 'single') {
          cell.stats.options.forEach((o, k) => expect(o.percentage ?? 0).toBeCloseTo(((want.sums.get(k + 1) ?? 0) / want.answered) * 100, 6));
        }
        if (col.kind === 'numeric' && want.answered > 0) expect(cell.stats.mean).toBeCloseTo(want.sum / want.answered, 6);
      });
    }
  });

  it('a group withheld unweighted is withheld weighted', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const ds = generateDataset(seed, 200);
      const cube = buildCube(ds, prng(seed));
      const rng = prng(seed * 31);
      const catalog = generateCatalog(rng, ds.defs, 3);
      const input: ReportDataInput = {
        dataLocations: generateDataLocations(rng, ds.defs, 6),
        benchmarks: generateBenchmarks(rng, ds, catalog, 3),
        filters: catalog,
        report: { minN: 15, startDay: null, endDay: ds.lastDay },
      };
      let plain;
      try {
        plain = computeReportData(cube, input);
      } catch {
        continue; // a filter combination the report does not allow
      }
      const weighted = computeReportData(cube, { ...input, weights: randomWeights(cube, seed) });
      const flags = (cells: GroupResult[]) => cells.map((c) => (c.suppressed ? c.reason : 'open'));
      plain.dataLocations.forEach((d, i) => expect(flags(weighted.dataLocations[i]!.benchmarks)).toEqual(flags(d.benchmarks)));
    }
  });
});
