/**
 * Analytics engine benchmark (issue 6 budgets): 100,000 respondents × 60 questions in a libSQL
 * file database (narrow response_values table + responses with attributes), cube build from it,
 * (de)serialisation, a 30-data-location report × 4 benchmarks on the warm cube, and the same
 * report as plain SQL GROUP BY queries. Options: --rows N, --runs N, --row-by-row (also time a
 * build that reads one row per value).
 */
import Database from 'libsql';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ColumnDef, type Cube, CubeBuilder, type ReportDataInput, computeReportData, deserializeCube, serializeCube } from '../../src/server/analytics';
import { arg, median, seeded } from './_prelude';

const ROWS = arg('rows', 100_000);
const RUNS = arg('runs', 25);
const FIRST_DAY = 19_500;
const SPAN = 730;

const { rand, int } = seeded(12345);
const ms = (t0: number) => performance.now() - t0;
/** Process CPU time in ms: on a shared machine wall time also counts waiting for a core. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const fmt = (x: number) => `${x.toFixed(1)} ms`;

// 60 questions: 20 scale 1–5, 10 scale 0–10, 10 multiple choice, 10 numeric, 5 short text, 5 with assessment values.
const DISTRICTS = ['Noord', 'Zuid', 'Oost', 'West', 'Centrum', 'Haven', 'Dorp', 'Veld'];
const defs: ColumnDef[] = [];
for (let q = 0; q < 60; q++) {
  const key = `q${q}`;
  if (q < 20) defs.push({ key, kind: 'single', options: ['1', '2', '3', '4', '5'].map((code) => ({ code })) });
  else if (q < 30) defs.push({ key, kind: 'single', options: Array.from({ length: 11 }, (_, i) => ({ code: String(i) })) });
  else if (q < 40) defs.push({ key, kind: 'multi', options: ['SQ1', 'SQ2', 'SQ3', 'SQ4', 'SQ5', 'SQ6'].map((code) => ({ code })) });
  else if (q < 50) defs.push({ key, kind: 'numeric' });
  else if (q < 55) defs.push({ key, kind: 'text' });
  else defs.push({ key, kind: 'single', options: [10, 20, 30, 40].map((score, i) => ({ code: `A${i + 1}`, score })) });
}
const attrDefs: ColumnDef[] = [
  { key: 'age', source: 'attribute', kind: 'single', options: ['1', '2', '3', '4', '5'].map((code) => ({ code })) },
  { key: 'district', source: 'attribute', kind: 'text' },
  { key: 'gender', source: 'attribute', kind: 'single', options: ['M', 'V', 'X'].map((code) => ({ code })) },
];

function valuesOf(def: ColumnDef): string[] {
  if (rand() < 0.1) return [];
  switch (def.kind) {
    case 'single':
      return [def.options[int(0, def.options.length - 1)]!.code];
    case 'multi':
      return def.options.filter(() => rand() < 0.35).map((o) => o.code);
    case 'numeric':
      return [String(int(0, 400) / 4)];
    case 'text':
      return [DISTRICTS[int(0, 7)]!.toLowerCase()];
  }
}

const dir = mkdtempSync(join(tmpdir(), 'impulz-bench-'));
const db = new Database(join(dir, 'bench.db'));
db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;
  CREATE TABLE responses (id INTEGER PRIMARY KEY, submitted_day INTEGER NOT NULL, age TEXT, district TEXT, gender TEXT);
  CREATE TABLE response_values (response_id INTEGER NOT NULL, column_key TEXT NOT NULL, value TEXT NOT NULL);`);

let t0 = performance.now();
const insResp = db.prepare('INSERT INTO responses VALUES (?, ?, ?, ?, ?)');
const BATCH = 500;
const insBatch = db.prepare(`INSERT INTO response_values VALUES ${Array(BATCH).fill('(?, ?, ?)').join(', ')}`);
const insOne = db.prepare('INSERT INTO response_values VALUES (?, ?, ?)');
let valueRows = 0;
db.transaction(() => {
  let pending: (string | number)[] = [];
  for (let id = 1; id <= ROWS; id++) {
    insResp.run(id, FIRST_DAY + int(0, SPAN), String(int(1, 5)), DISTRICTS[int(0, 7)], ['M', 'V', 'X'][int(0, 2)]);
    for (const def of defs) {
      for (const v of valuesOf(def)) {
        pending.push(id, def.key, v);
        valueRows++;
        if (pending.length === BATCH * 3) (insBatch.run(...pending), (pending = []));
      }
    }
  }
  for (let i = 0; i < pending.length; i += 3) insOne.run(pending[i], pending[i + 1], pending[i + 2]);
})();
db.exec(`CREATE INDEX response_values_key ON response_values (column_key, response_id, value);
  CREATE INDEX responses_day ON responses (submitted_day);`);
console.log(`libSQL fixture: ${ROWS.toLocaleString('en')} responses, ${valueRows.toLocaleString('en')} value rows, written in ${(ms(t0) / 1000).toFixed(1)} s`);

// Cube build from libSQL: responses, then the narrow table ordered by column. Each column arrives as
// one row (group_concat over the covering index), so the read costs one row per column, not per value.
function buildFromLibsql(rowByRow: boolean): Cube {
  const builder = new CubeBuilder(1, 1, [...attrDefs, ...defs]);
  for (const [id, day, age, district, gender] of db.prepare('SELECT id, submitted_day, age, district, gender FROM responses').raw().iterate() as IterableIterator<[number, number, string, string, string]>) {
    builder.setDay(id, day).setValue(id, 'age', age).setValue(id, 'district', district).setValue(id, 'gender', gender);
  }
  if (rowByRow) {
    for (const [id, key, value] of db.prepare('SELECT response_id, column_key, value FROM response_values ORDER BY column_key').raw().iterate() as IterableIterator<[number, string, string]>) {
      builder.setValue(id, key, value);
    }
    return builder.build().cube;
  }
  const perColumn = db.prepare("SELECT column_key, group_concat(response_id, ','), group_concat(value, char(31)) FROM response_values GROUP BY column_key ORDER BY column_key").raw();
  for (const [key, ids, values] of perColumn.iterate() as IterableIterator<[string, string, string]>) {
    builder.setValues(key, JSON.parse(`[${ids}]`) as number[], values.split('\x1f'));
  }
  return builder.build().cube;
}
t0 = performance.now();
let c0 = cpu();
const cube = buildFromLibsql(false);
const buildMs = ms(t0);
const buildCpu = cpu() - c0;
let rowByRowMs = NaN;
if (process.argv.includes('--row-by-row')) {
  t0 = performance.now();
  buildFromLibsql(true);
  rowByRowMs = ms(t0);
}

// Serialisation.
const blob = serializeCube(cube);
const serMs = median(Array.from({ length: 5 }, () => ((t0 = performance.now()), serializeCube(cube), ms(t0))));
const deserMs = median(Array.from({ length: 5 }, () => ((t0 = performance.now()), deserializeCube(blob), ms(t0))));

// The report: 30 data locations × 4 benchmarks, min_n 10.
const dataLocations: ReportDataInput['dataLocations'] = [
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((q) => ({ id: `s${q}`, columnKey: `q${q}`, boxSize: 2 })),
  ...[20, 21, 22, 23].map((q) => ({ id: `n${q}`, columnKey: `q${q}`, nps: true })),
  ...[30, 31, 32, 33, 34, 35].map((q, i) => ({ id: `m${q}`, columnKey: `q${q}`, nMethod: (['respondents', 'answers', 'total'] as const)[i % 3] })),
  ...[40, 41, 42, 43].map((q) => ({ id: `v${q}`, columnKey: `q${q}` })),
  ...[50, 51].map((q) => ({ id: `t${q}`, columnKey: `q${q}` })),
  ...[55, 56].map((q) => ({ id: `a${q}`, columnKey: `q${q}` })),
];
const eq = (columnKey: string, value: string | number | string[], comparator: 'equal' | 'in' | 'greaterOrEqual' = 'equal') => ({ columnKey, comparator, value });
const filters: ReportDataInput['filters'] = [
  { id: 1, options: ['1', '2', '3', '4', '5'].map((a, i) => ({ id: 10 + i, categoryId: 1, conditions: [eq('age', a)] })) },
  { id: 2, options: DISTRICTS.map((d, i) => ({ id: 20 + i, categoryId: 2, conditions: [eq('district', d)] })) },
  { id: 3, options: ['M', 'V', 'X'].map((g, i) => ({ id: 30 + i, categoryId: 3, conditions: [eq('gender', g)] })) },
  { id: 4, options: [{ id: 40, categoryId: 4, conditions: [eq('q0', 4, 'greaterOrEqual'), { ...eq('q1', ['4', '5'], 'in'), operator: 'or' as const }] }] },
];
const input: ReportDataInput = {
  dataLocations,
  benchmarks: [
    { label: 'A', filterOptionIds: [] },
    { label: 'B', filterOptionIds: [10, 11] },
    { label: 'C', filterOptionIds: [20, 21, 31] },
    { label: 'D', start: FIRST_DAY + 365, end: FIRST_DAY + SPAN, filterOptionIds: [40, 12] },
  ],
  filters,
  report: { startDay: FIRST_DAY, endDay: FIRST_DAY + SPAN, minN: 10 },
  accuracy: { populationSize: 250_000, confidenceLevel: 95 },
};

t0 = performance.now();
const first = computeReportData(cube, input);
const coldMs = ms(t0);
const runCpu: number[] = [];
const runs = Array.from({ length: RUNS }, () => {
  t0 = performance.now();
  c0 = cpu();
  computeReportData(cube, input);
  runCpu.push(cpu() - c0);
  return ms(t0);
});
const monthly = Array.from({ length: 5 }, () => ((t0 = performance.now()), computeReportData(cube, { ...input, granularity: 'month' }), ms(t0)));
const fresh = deserializeCube(blob);
t0 = performance.now();
computeReportData(fresh, input);
const loadedMs = ms(t0);

// The same report with plain SQL GROUP BY queries (counts per option, n, mean) on libSQL.
const sqlWhere = [
  'r.submitted_day BETWEEN ? AND ?',
  "r.submitted_day BETWEEN ? AND ? AND r.age IN ('1','2')",
  "r.submitted_day BETWEEN ? AND ? AND r.district IN ('Noord','Zuid') AND r.gender = 'V'",
  "r.submitted_day BETWEEN ? AND ? AND r.age = '3' AND r.id IN (SELECT response_id FROM response_values WHERE (column_key = 'q0' AND CAST(value AS REAL) >= 4) OR (column_key = 'q1' AND value IN ('4','5')))",
];
const ranges = input.benchmarks.map((b) => [b.start ?? FIRST_DAY, b.end ?? FIRST_DAY + SPAN]);
const stmts = sqlWhere.map((w) => ({
  size: db.prepare(`SELECT COUNT(*) FROM responses r WHERE ${w}`).pluck(),
  counts: db.prepare(`SELECT v.value, COUNT(*) FROM response_values v JOIN responses r ON r.id = v.response_id WHERE v.column_key = ? AND ${w} GROUP BY v.value`).raw(),
  answered: db.prepare(`SELECT COUNT(DISTINCT v.response_id), AVG(CAST(v.value AS REAL)) FROM response_values v JOIN responses r ON r.id = v.response_id WHERE v.column_key = ? AND ${w}`).raw(),
  attr: db.prepare(`SELECT r.district, COUNT(*) FROM responses r WHERE ${w} GROUP BY r.district`).raw(),
}));
function sqlReport(): Map<string, Map<string, number>>[] {
  return stmts.map((s, b) => {
    const [lo, hi] = ranges[b]!;
    s.size.get(lo, hi);
    const out = new Map<string, Map<string, number>>();
    for (const dl of dataLocations) {
      const rows = s.counts.all(dl.columnKey, lo, hi) as [string, number][];
      s.answered.get(dl.columnKey, lo, hi);
      out.set(String(dl.id), new Map(rows));
    }
    return out;
  });
}
const sqlRuns: number[] = [];
let sqlResult: ReturnType<typeof sqlReport> = [];
for (let i = 0; i < 3; i++) {
  t0 = performance.now();
  sqlResult = sqlReport();
  sqlRuns.push(ms(t0));
}

// The two must agree on every released count (the cube additionally applies suppression).
let compared = 0;
for (const dl of first.dataLocations) {
  dl.benchmarks.forEach((cell, b) => {
    if (cell.suppressed) return;
    const want = sqlResult[b]!.get(String(dl.id))!;
    for (const o of cell.stats.options) {
      if ((want.get(o.code) ?? 0) !== o.count) throw new Error(`mismatch ${dl.id} ${cell.label} ${o.code}: cube ${o.count}, sql ${want.get(o.code)}`);
      compared++;
    }
  });
}
rmSync(dir, { recursive: true, force: true });

const warm = median(runs);
const sql = median(sqlRuns);
const check = (ok: boolean) => (ok ? 'ok' : 'OVER BUDGET');
console.log(`cube: ${cube.rowCount.toLocaleString('en')} rows × ${cube.columns.length} columns`);
console.log(`cube build from libSQL:          ${(buildMs / 1000).toFixed(2)} s wall, ${(buildCpu / 1000).toFixed(2)} s CPU (budget ≤ 5 s: ${check(buildMs <= 5000)})${Number.isNaN(rowByRowMs) ? '' : `; one row per value: ${(rowByRowMs / 1000).toFixed(2)} s`}`);
console.log(`cube blob:                       ${(blob.byteLength / 1024 / 1024).toFixed(1)} MiB; serialise ${fmt(serMs)}, deserialise ${fmt(deserMs)}`);
console.log(`report 30 DL × 4 benchmarks:     warm median ${fmt(warm)} over ${RUNS} runs (min ${fmt(Math.min(...runs))}, max ${fmt(Math.max(...runs))}; CPU median ${fmt(median(runCpu))}; budget ≤ 25 ms: ${check(warm <= 25)})`);
console.log(`  first run on a fresh cube:     ${fmt(coldMs)}; on a just-deserialised cube: ${fmt(loadedMs)}; with monthly buckets: ${fmt(median(monthly))}`);
console.log(`same report as SQL GROUP BY:     median ${fmt(sql)} over ${sqlRuns.length} runs; ${compared} option counts agree`);
console.log(`Node ${process.version}; load average during the run: ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores`);
console.log(`ratio SQL / cube:                ${(sql / warm).toFixed(0)}× (aim ≥ 20×)`);
