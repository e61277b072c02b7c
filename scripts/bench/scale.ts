/**
 * Scale (issue 20 §4): the engine at 100,000 and 1,000,000 respondents × 60 questions (+2
 * respondent attributes; the analytics bench's column mix), built in memory — the cube is the same
 * whether it came from libSQL or an R2 blob. Per size: build time and the build's live peak, the
 * stored blob, the cube in memory after loading the blob the way a Worker does (cubeByteSize:
 * what the isolate cache counts), the peak memory while answering the 30-chart × 4-benchmark
 * report with filters, and its time. Memory is V8's used heap + ArrayBuffers of this process
 * (process.memoryUsage), runtime included, after forced GCs; the peak while answering is read
 * right after a run without a GC in between (checked with a GC observer), so nothing allocated
 * during the run has been freed: an upper bound of the run's peak. A Worker has 128 MB.
 *
 *   NODE_OPTIONS=--expose-gc npx tsx scripts/bench/scale.ts [--rows N (one size only)] [--runs 9]
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ColumnDef,
  type Cube,
  CubeBuilder,
  type ReportDataInput,
  computeReportData,
  cubeByteSize,
  deserializeCube,
  estimateCubeBytes,
  serializeCube,
} from '../../src/server/analytics';
import { WORKER_CUBE_BUDGET, answerBytes, buildBytes, cubeSizeProblem, largestSurvey } from '../../src/server/services/analytics/cube-limit';
import { arg, median, seeded } from './_prelude';

const SIZES = process.argv.includes('--rows') ? [arg('rows', 1_000_000)] : [100_000, 1_000_000];
const RUNS = arg('runs', 9);
const FIRST_DAY = 19_500;
const SPAN = 730;
const MB = 1024 * 1024;

// A young generation large enough that answering a report runs without any GC: what it allocates
// stays counted until it ends (see peakOf). Re-run this script with it when not given.
const SEMI_SPACE = '--max-semi-space-size=64';
if (!(process.env.NODE_OPTIONS ?? '').includes('--max-semi-space-size')) {
  const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc ${SEMI_SPACE}`.trim() };
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  process.exit(child.status ?? 1);
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
/** Memory after full GCs, once freed ArrayBuffers have been swept (V8 sweeps them in the background). */
async function settled(): Promise<number> {
  gc();
  await sleep(50);
  gc();
  await sleep(50);
  return used();
}
if (!(globalThis as { gc?: unknown }).gc) console.log('(zonder --expose-gc: geheugencijfers zijn ruw)');

let gcs = 0;
new PerformanceObserver((list) => (gcs += list.getEntries().length)).observe({ entryTypes: ['gc'] });
const flush = () => new Promise((r) => setImmediate(r));

const DISTRICTS = ['noord', 'zuid', 'oost', 'west', 'centrum', 'haven', 'dorp', 'veld'];
const defs: ColumnDef[] = [
  { key: 'age', source: 'attribute', kind: 'single', options: ['1', '2', '3', '4', '5'].map((code) => ({ code })) },
  { key: 'district', source: 'attribute', kind: 'text' },
];
for (let q = 0; q < 60; q++) {
  const key = `q${q}`;
  if (q < 20) defs.push({ key, kind: 'single', options: ['1', '2', '3', '4', '5'].map((code) => ({ code })) });
  else if (q < 30) defs.push({ key, kind: 'single', options: Array.from({ length: 11 }, (_, i) => ({ code: String(i) })) });
  else if (q < 40) defs.push({ key, kind: 'multi', options: ['SQ1', 'SQ2', 'SQ3', 'SQ4', 'SQ5', 'SQ6'].map((code) => ({ code })) });
  else if (q < 50) defs.push({ key, kind: 'numeric' });
  else if (q < 55) defs.push({ key, kind: 'text' });
  else defs.push({ key, kind: 'single', options: [10, 20, 30, 40].map((score, i) => ({ code: `A${i + 1}`, score })) });
}

const eq = (columnKey: string, value: string | number | string[], comparator: 'equal' | 'in' | 'greaterOrEqual' = 'equal') => ({ columnKey, comparator, value });
const input: ReportDataInput = {
  dataLocations: [
    ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((q) => ({ id: `s${q}`, columnKey: `q${q}`, boxSize: 2 })),
    ...[20, 21, 22, 23].map((q) => ({ id: `n${q}`, columnKey: `q${q}`, nps: true })),
    ...[30, 31, 32, 33, 34, 35].map((q) => ({ id: `m${q}`, columnKey: `q${q}` })),
    ...[40, 41, 42, 43].map((q) => ({ id: `v${q}`, columnKey: `q${q}` })),
    ...[50, 51, 55, 56].map((q) => ({ id: `t${q}`, columnKey: `q${q}` })),
  ],
  benchmarks: [
    { label: 'A', filterOptionIds: [] },
    { label: 'B', filterOptionIds: [10, 11] },
    { label: 'C', filterOptionIds: [20, 21] },
    { label: 'D', start: FIRST_DAY + 365, end: FIRST_DAY + SPAN, filterOptionIds: [40, 12] },
  ],
  filters: [
    { id: 1, options: ['1', '2', '3', '4', '5'].map((a, i) => ({ id: 10 + i, categoryId: 1, conditions: [eq('age', a)] })) },
    { id: 2, options: DISTRICTS.map((d, i) => ({ id: 20 + i, categoryId: 2, conditions: [eq('district', d)] })) },
    { id: 4, options: [{ id: 40, categoryId: 4, conditions: [eq('q0', 4, 'greaterOrEqual'), { ...eq('q1', ['4', '5'], 'in'), operator: 'or' as const }] }] },
  ],
  report: { startDay: FIRST_DAY, endDay: FIRST_DAY + SPAN, minN: 10 },
  accuracy: { populationSize: 2_500_000, confidenceLevel: 95 },
};

function feed(rows: number): CubeBuilder {
  const { rand, int } = seeded(4242);
  const builder = new CubeBuilder(1, 1, defs);
  for (let id = 1; id <= rows; id++) builder.setDay(id, FIRST_DAY + int(0, SPAN));
  // Column by column, as the builder is fed from libSQL (one column's ids and values at a time).
  for (const def of defs) {
    const ids: number[] = [];
    const values: string[] = [];
    for (let id = 1; id <= rows; id++) {
      if (rand() < 0.1) continue;
      if (def.kind === 'single') (ids.push(id), values.push(def.options[int(0, def.options.length - 1)]!.code));
      else if (def.kind === 'multi') for (const o of def.options) rand() < 0.35 && (ids.push(id), values.push(o.code));
      else if (def.kind === 'numeric') (ids.push(id), values.push(String(int(0, 400) / 4)));
      else (ids.push(id), values.push(DISTRICTS[int(0, 7)]!));
    }
    builder.setValues(def.key, ids, values);
  }
  return builder;
}

/** Runs fn once; the memory it holds right after (no GC in between: an upper bound of its peak), or NaN when a GC ran meanwhile. */
async function peakOf(fn: () => void): Promise<number> {
  await settled();
  await flush();
  const before = gcs;
  fn();
  const after = used();
  await flush();
  return gcs === before ? after : NaN;
}

interface Figures {
  rows: number;
  buildS: number;
  staged: number;
  blob: number;
  inMemory: number;
  loaded: number;
  peak: number;
  coldMs: number;
  warmMs: number;
}

async function measure(rows: number): Promise<Figures> {
  let t0 = performance.now();
  let builder: CubeBuilder | null = feed(rows);
  // Everything staged, before build(): from here build() hands column after column over to the cube.
  const staged = await settled();
  let built: Cube | null = builder.build().cube;
  const buildS = (performance.now() - t0) / 1000;
  builder = null;
  const blob = serializeCube(built);
  built = null;
  // What a Worker holds: the blob read from R2 and the cube's views on it.
  const cube = deserializeCube(blob);
  const loaded = await settled();
  t0 = performance.now();
  let peak = await peakOf(() => computeReportData(cube, input));
  const coldMs = performance.now() - t0;
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t0 = performance.now();
    computeReportData(cube, input);
    runs.push(performance.now() - t0);
  }
  // The peak again on a warm cube (its derived "answered" bitsets and filter caches kept).
  for (let i = 0; i < 3; i++) {
    const p = await peakOf(() => computeReportData(cube, input));
    peak = Number.isNaN(peak) ? p : Number.isNaN(p) ? peak : Math.max(peak, p);
  }
  return { rows, buildS, staged, blob: blob.byteLength, inMemory: cubeByteSize(cube), loaded, peak, coldMs, warmMs: median(runs) };
}

const baseline = await settled();
console.log(`Schaal: 60 vragen (+2 kenmerken), in geheugen opgebouwd; Node ${process.version}, belasting ${loadavg().map((x) => x.toFixed(1)).join(' ')} op ${cpus().length} kernen`);
console.log(`  geheugen = V8 heap + ArrayBuffers van dit proces (runtime ${mb(baseline)} inbegrepen); tijden zijn ruis op een gedeelde machine`);
const all: Figures[] = [];
for (const rows of SIZES) {
  const f = await measure(rows);
  all.push(f);
  await settled();
  console.log(`\n  ${rows.toLocaleString('nl')} respondenten`);
  console.log(`    bouwen                          ${f.buildS.toFixed(1)} s; proces met alles klaargezet ${mb(f.staged)} (piek van build() ≈ dat + sorteervolgorde + één kolom)`);
  console.log(`    opgeslagen (R2-blob)            ${mb(f.blob)}`);
  console.log(`    in geheugen (cubeByteSize)      ${mb(f.inMemory)} (${(f.inMemory / rows).toFixed(1)} bytes per respondent); proces na laden ${mb(f.loaded)}`);
  console.log(`    piek tijdens 30 × 4 rapportage  ${Number.isNaN(f.peak) ? 'onbekend (GC tijdens de meting)' : mb(f.peak)} (Worker: 128 MB)`);
  console.log(`    rapportage 30 × 4 benchmarks    eerste ${f.coldMs.toFixed(0)} ms, mediaan ${f.warmMs.toFixed(1)} ms (${RUNS} keer)`);
}

// The limit: what answering costs per respondent (cube + the request's bitsets), from the largest size.
const big = all[all.length - 1]!;
if (!Number.isNaN(big.peak)) {
  const perRow = (big.peak - baseline) / big.rows;
  const fits = Math.floor((WORKER_CUBE_BUDGET - baseline) / perRow / 10_000) * 10_000;
  console.log(
    `\n  grens: ${perRow.toFixed(1)} bytes per respondent tijdens het antwoorden (kubus + aanvraag); binnen ${mb(WORKER_CUBE_BUDGET)} (128 MB min de rest van de isolate) past een vragenlijst als deze tot ~${fits.toLocaleString('nl')} respondenten`,
  );
}
console.log(
  `  schatting vooraf (cube-limit.ts), 1.000.000: kubus ${mb(estimateCubeBytes(defs, 1_000_000))}, antwoorden ${mb(answerBytes(defs, 1_000_000))}, bouwen ${mb(buildBytes(defs, 1_000_000))}; grootste vragenlijst van deze opbouw ${largestSurvey(defs).toLocaleString('nl')} responses`,
);
for (const rows of [1_000_000, 1_500_000, 2_000_000]) {
  const problem = cubeSizeProblem(defs, rows);
  console.log(`  ${rows.toLocaleString('nl')} responses → ${problem ? `geweigerd: '${problem}'` : 'wordt gebouwd en beantwoord'}`);
}
