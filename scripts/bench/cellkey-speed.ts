/**
 * Cell-key speed (issue 32 item 5): the 30-data-location × 4-benchmark report (the weighting
 * bench's cube and report: single, NPS, multiple choice and numeric questions, filters on age,
 * district and sex, one dated benchmark) at 100,000 and 1,000,000 respondents in `suppress` and
 * `cellkey` mode on the same cube and run, alternated: plain, with monthly trend buckets, and
 * weighted (a raked scheme); again with benchmarks B, C and D on filters no request asked for
 * before (nothing of their groups cached), and the first request of each. Also the record keys'
 * bytes per response in the cube, and the bytes of the kept signature tables (cellkey/signatures.ts).
 * Times are CPU time of the bench process (see `time`).
 * Run: `npm run bench -- cellkey-speed` (options: --runs N, default 9; --small: 100,000 only).
 */
import { type ReportDataInput, computeReportData, cubeByteSize, weighCube } from '../../src/server/analytics';
import { signatureTableBytes } from '../../src/server/analytics/cellkey/signatures';
import { arg, median } from './_prelude';
import { SIZES, build, freshInput, input, scheme } from './_survey-report';

/**
 * CPU time of the bench process (user + system, ms) for one call: on a machine shared with other
 * work it counts this process's work only, where wall time also counts the waits for a core.
 */
const time = (fn: () => void) => {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};

const RUNS = arg('runs', 9);
for (const rows of SIZES) {
  const t0 = performance.now();
  const cube = build(rows);
  const bytes = cubeByteSize(cube);
  console.log(`\n${rows.toLocaleString('en')} respondents (cube built in ${((performance.now() - t0) / 1000).toFixed(1)} s): cube ${(bytes / 1e6).toFixed(1)} MB, record keys ${cube.recordKeys!.byteLength / rows} bytes/response (${((cube.recordKeys!.byteLength / bytes) * 100).toFixed(1)} % of the cube)`);
  const weights = weighCube(cube, scheme).cubeWeights;
  const variants: [string, ReportDataInput][] = [
    ['plain', input],
    ['trend (month buckets)', { ...input, granularity: 'month' }],
    ['weighted', { ...input, weights }],
  ];
  console.log(`  report data, 30 data locations × 4 benchmarks, CPU ms, median of ${RUNS} (alternated on the same cube):`);
  for (const [name, base] of variants) {
    const modes = (['suppress', 'cellkey'] as const).map((protection) => ({ ...base, report: { ...base.report, protection } }));
    const first = modes.map((m) => time(() => computeReportData(cube, m)));
    const times: number[][] = [[], []];
    for (let i = 0; i < RUNS; i++) modes.forEach((m, k) => times[k]!.push(time(() => computeReportData(cube, m))));
    const [s, c] = times.map(median) as [number, number];
    // B, C and D on groups never asked for before (their cells are not cached yet).
    const fresh: number[][] = [[], []];
    for (let i = 0; i < 6; i++) {
      const f = freshInput(i);
      (['suppress', 'cellkey'] as const).forEach((protection, k) => fresh[k]!.push(time(() => computeReportData(cube, { ...f, weights: base.weights, granularity: base.granularity, report: { ...f.report, protection } }))));
    }
    const [fs, fc] = fresh.map(median) as [number, number];
    console.log(`    ${name.padEnd(22)} suppress ${s.toFixed(1).padStart(8)} ms   cellkey ${c.toFixed(1).padStart(8)} ms   (${(c / s).toFixed(2)}×)   new filters: ${fs.toFixed(1)} / ${fc.toFixed(1)} ms (${(fc / fs).toFixed(2)}×)   first request: ${first[0]!.toFixed(1)} / ${first[1]!.toFixed(1)} ms`);
  }
  // Kept signature tables (all cubes of the run, within their budget) and the class index (2 bytes per row).
  console.log(`  signature tables kept: ${(signatureTableBytes() / 1e6).toFixed(1)} MB; class index ${((2 * rows) / 1e6).toFixed(1)} MB`);
}
