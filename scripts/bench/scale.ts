/**
 * Scale (issue 20 §4): the engine at 1,000,000 respondents × 60 questions (the analytics bench's
 * column mix), built in memory — the cube's size is the same whether it came from libSQL or an
 * R2 blob. Prints build time, the cube's bytes (cubeByteSize, what the isolate cache counts), the
 * serialized blob, the heap a Worker holds after loading the blob, and the 30-chart × 4-benchmark
 * report on it. A Worker has 128 MB; the isolate cube cache keeps at most 64 MB.
 *
 *   NODE_OPTIONS=--expose-gc npx tsx scripts/bench/scale.ts [--rows 1000000] [--runs 9]
 */
import { type ColumnDef, CubeBuilder, type ReportDataInput, computeReportData, cubeByteSize, deserializeCube, serializeCube } from '../../src/server/analytics';
import { arg, median, seeded } from './_prelude';

const ROWS = arg('rows', 1_000_000);
const RUNS = arg('runs', 9);
const FIRST_DAY = 19_500;
const SPAN = 730;
const WORKER_MB = 128;
const CACHE_MB = 64;
/** What a cube may hold in a Worker: 128 MB minus the isolate's own memory (code, request, PDF, JSON). */
const CUBE_BUDGET_MB = 90;

const { rand, int } = seeded(4242);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const heap = () => (gc(), gc(), process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers);
if (!(globalThis as { gc?: unknown }).gc) console.log('(zonder --expose-gc: geheugencijfers zijn ruw)');

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

const before = heap();
let t0 = performance.now();
const builder = new CubeBuilder(1, 1, defs);
for (let id = 1; id <= ROWS; id++) builder.setDay(id, FIRST_DAY + int(0, SPAN));
// Column by column, as the builder is fed from libSQL (one column's ids and values at a time).
for (const def of defs) {
  const ids: number[] = [];
  const values: string[] = [];
  for (let id = 1; id <= ROWS; id++) {
    if (rand() < 0.1) continue;
    if (def.kind === 'single') (ids.push(id), values.push(def.options[int(0, def.options.length - 1)]!.code));
    else if (def.kind === 'multi') for (const o of def.options) rand() < 0.35 && (ids.push(id), values.push(o.code));
    else if (def.kind === 'numeric') (ids.push(id), values.push(String(int(0, 400) / 4)));
    else (ids.push(id), values.push(DISTRICTS[int(0, 7)]!));
  }
  builder.setValues(def.key, ids, values);
}
const { cube } = builder.build();
const buildMs = performance.now() - t0;
const bytes = cubeByteSize(cube);
const blob = serializeCube(cube);
const built = heap() - before;

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
t0 = performance.now();
computeReportData(cube, input);
const coldMs = performance.now() - t0;
const runs = Array.from({ length: RUNS }, () => ((t0 = performance.now()), computeReportData(cube, input), performance.now() - t0));

// What a Worker holds after loading the cube from its R2 blob (the built cube dropped first).
const blobBytes = blob.byteLength;
const beforeLoad = heap();
t0 = performance.now();
const loaded = deserializeCube(blob);
const loadMs = performance.now() - t0;
const loadedHeap = heap() - beforeLoad;
computeReportData(loaded, input);

// The loaded cube's arrays are views on the blob (no copy): that is what a Worker holds and the cache counts.
const held = cubeByteSize(loaded);
const fits = held <= CACHE_MB * 1024 * 1024;
console.log(`Schaal: ${ROWS.toLocaleString('nl')} respondenten × 60 vragen (+2 kenmerken), in geheugen opgebouwd`);
console.log(`  kubus bouwen                 ${(buildMs / 1000).toFixed(1)} s (heap na GC +${mb(built)}, inclusief de blob)`);
console.log(`  kubus (cubeByteSize)         ${mb(bytes)} gebouwd; blob ${mb(blobBytes)}`);
console.log(`  blob laden (deserialize)     ${loadMs.toFixed(0)} ms, heap +${mb(loadedHeap)} bovenop de blob`);
console.log(`  rapportage 30 × 4 benchmarks eerste ${coldMs.toFixed(0)} ms, mediaan ${median(runs).toFixed(0)} ms (${RUNS} keer)`);
const perRespondent = held / ROWS;
const limit = (budgetMb: number) => Math.floor((budgetMb * 1024 * 1024) / perRespondent / 10_000) * 10_000;
console.log(
  `  ${perRespondent.toFixed(0)} bytes per respondent: een kubus van ≤ ${CUBE_BUDGET_MB} MB (Worker min isolate) tot ${limit(CUBE_BUDGET_MB).toLocaleString('nl')} respondenten, de isolate-cache (${CACHE_MB} MB) tot ${limit(CACHE_MB).toLocaleString('nl')}`,
);
console.log(
  `  Worker ${WORKER_MB} MB: geladen kubus ${mb(held)} ${held < WORKER_MB * 1024 * 1024 ? '✔ past' : '✘ past niet'}; isolate-cache ${CACHE_MB} MB: ${fits ? '✔ blijft warm' : '✘ te groot voor de cache (elke aanvraag laadt de blob opnieuw)'}`,
);
