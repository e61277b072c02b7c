/**
 * Weighting benchmark (issue 31): raking 100,000 (and 1,000,000) respondents on 3 variables with
 * 6 × 3 × 5 categories (time, iterations), and a 30-data-location report × 4 benchmarks weighted
 * against unweighted on the same cube and run, at 100,000 and 1,000,000 respondents; the weights'
 * bytes per response in the cube. Options: --runs N (default 15).
 */
import { computeReportData, cubeByteSize, weighCube } from '../../src/server/analytics';
import { arg, median } from './_prelude';
import { SIZES, build, freshInput, input, scheme, time } from './_survey-report';

const RUNS = arg('runs', 15);
for (const rows of SIZES) {
  const t0 = performance.now();
  const cube = build(rows);
  console.log(`\n${rows.toLocaleString('en')} respondents, 30 columns + 3 weighting variables (cube built in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  let weighting = weighCube(cube, scheme);
  const rakeMs = median(Array.from({ length: 5 }, () => time(() => void (weighting = weighCube(cube, scheme)))));
  const s = weighting.stats;
  console.log(`  raking 6 × 3 × 5 categories: ${rakeMs.toFixed(1)} ms (median of 5), ${s.iterations} iterations to 1e-10, effective n ${Math.round(s.effectiveN).toLocaleString('en')}, design effect ${s.designEffect.toFixed(3)}, weights ${s.minWeight.toFixed(3)}–${s.maxWeight.toFixed(3)}`);
  const weights = weighting.cubeWeights;
  const bytes = cubeByteSize(cube);
  console.log(`  cube ${(bytes / 1e6).toFixed(1)} MB (${(bytes / rows).toFixed(1)} bytes/response); weights ${(weights.byteLength / 1e6).toFixed(1)} MB = ${weights.byteLength / rows} bytes/response (+${((weights.byteLength / bytes) * 100).toFixed(1)} %)`);
  // The first requests on this cube: the weighted one fills the kept block sums (block-sums.ts).
  const first = [time(() => computeReportData(cube, input)), time(() => computeReportData(cube, { ...input, weights }))];
  console.log(`  first request on the cube (JIT warming up; weighted fills the block sums): unweighted ${first[0]!.toFixed(1)} ms, weighted ${first[1]!.toFixed(1)} ms`);
  const plain: number[] = [];
  const weighted: number[] = [];
  // Alternated on the same cube, so both see the same machine load.
  for (let i = 0; i < RUNS; i++) {
    plain.push(time(() => computeReportData(cube, input)));
    weighted.push(time(() => computeReportData(cube, { ...input, weights })));
  }
  const [p, w] = [median(plain), median(weighted)];
  console.log(`  report data, 30 data locations × 4 benchmarks (median of ${RUNS}): unweighted ${p.toFixed(1)} ms, weighted ${w.toFixed(1)} ms (${(w / p).toFixed(2)}×)`);
  // Benchmarks B, C, D on groups never asked for before (their cells are not cached yet).
  const fresh: number[][] = [[], []];
  for (let i = 0; i < 6; i++) {
    const f = freshInput(i);
    fresh[0]!.push(time(() => computeReportData(cube, f)));
    fresh[1]!.push(time(() => computeReportData(cube, { ...f, weights })));
  }
  const [fp, fw] = fresh.map(median) as [number, number];
  console.log(`  the same, B, C and D on new filters each run (median of 6): unweighted ${fp.toFixed(1)} ms, weighted ${fw.toFixed(1)} ms (${(fw / fp).toFixed(2)}×)`);
}
