/**
 * Issue 5 budgets for response import, against the local libSQL server over HTTP:
 *  1. a generated LimeSurvey CSV of 100,000 responses (bracket headings) imported as a job; 2,000
 *     sampled responses compared value by value with the source; re-import adds nothing;
 *  2. files of 8 MB and 64 MB (VV, every column of the all-types fixture): time (≤ 60 s) and the
 *     process's peak memory during the import, which must not grow with the file size.
 * Option: --rows N for part 1 (default 100,000). Needs NODE_OPTIONS=--expose-gc for the live-heap figures.
 */
import { createWriteStream, openAsBlob, statSync } from 'node:fs';
import { and, eq, inArray } from 'drizzle-orm';
import { jobs, surveyResponses } from '../../src/server/db/schema';
import { importSurvey } from '../../src/server/services/surveys/import-survey';
import { uploadResponses } from '../../src/server/services/surveys/responses/upload-responses';
import { loadSurveyColumns } from '../../src/server/services/surveys/responses/survey-columns';
import type { ResponseColumn } from '../../src/server/services/surveys/column-map';
import { csvHeader, csvLine, generateResponse, prng, vvFile } from '../../tests/helpers/response-generator';
import { benchSetup, FIXTURES } from './_surveys-setup';
import { readFileSync } from 'node:fs';

const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 100_000;
const MB = 1024 * 1024;
const maybeGc = (globalThis as { gc?: () => void }).gc;
if (!maybeGc) {
  console.error('Run with NODE_OPTIONS=--expose-gc (tsx starts its own node process), e.g. NODE_OPTIONS=--expose-gc npx tsx scripts/bench/surveys-import.ts');
  process.exit(2);
}
const gc = maybeGc;

async function writeFile(path: string, header: string, line: (i: number) => string, until: (i: number, bytes: number) => boolean) {
  const out = createWriteStream(path);
  let bytes = Buffer.byteLength(header);
  out.write(header);
  let i = 0;
  while (!until(i, bytes)) {
    const l = line(++i);
    bytes += Buffer.byteLength(l);
    if (!out.write(l)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise((r) => out.end(r));
  return i;
}

async function runImport(b: Awaited<ReturnType<typeof benchSetup>>, surveyId: number, path: string) {
  gc();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  let peakLive = base.heapUsed;
  let ticks = 0;
  // Every 20 ms: RSS and heap as they are (garbage included); every 100 ms after a full GC:
  // the live heap, i.e. what the import really holds.
  const timer = setInterval(() => {
    if (++ticks % 5 === 0) {
      gc();
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    }
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const t0 = performance.now();
  const job = await uploadResponses(b.ctx, surveyId, await openAsBlob(path), path);
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  const [row] = await b.db.select().from(jobs).where(eq(jobs.id, job.id));
  return { seconds, result: row!.result as Record<string, number>, status: row!.status, error: row!.error, heapGrowth: (peakHeap - base.heapUsed) / MB, liveGrowth: (peakLive - base.heapUsed) / MB, peakRss: peakRss / MB, baseRss: base.rss / MB };
}

const b = await benchSetup('import');
try {
  const { columns: allColumns } = await loadSurveyColumns(b.db, b.surveyId);
  // Part 1: 100,000 responses, 40 columns of mixed types, bracket headings.
  const cols: ResponseColumn[] = allColumns.filter((_, i) => i % Math.ceil(allColumns.length / 40) === 0).slice(0, 40);
  const rowFor = (id: number) => generateResponse(id, cols, prng(id));
  const path1 = `${b.dir}responses-100k.csv`;
  await writeFile(path1, csvHeader(cols, 2), (i) => csvLine(rowFor(i), cols), (i) => i >= ROWS);
  const r1 = await runImport(b, b.surveyId, path1);
  console.log(`${ROWS.toLocaleString('en')} responses × ${cols.length} columns (${(statSync(path1).size / MB).toFixed(1)} MB CSV): ${r1.seconds.toFixed(1)} s, ${JSON.stringify({ rows: r1.result.rows, accepted: r1.result.accepted, inserted: r1.result.inserted, rejected: r1.result.rejected })}`);
  const rnd = prng(99);
  const sample = Array.from({ length: 2000 }, () => 1 + Math.floor(rnd() * ROWS));
  const stored = await b.db.select().from(surveyResponses).where(and(eq(surveyResponses.surveyId, b.surveyId), inArray(surveyResponses.responseId, sample)));
  let mismatches = 0;
  for (const s of stored) {
    const src = rowFor(s.responseId!);
    const expected = Object.fromEntries(Object.entries(src.answers).filter(([, v]) => v !== ''));
    if (JSON.stringify(JSON.parse(s.answers)) !== JSON.stringify(expected) || s.submitDate !== src.submitdate || s.lastPage !== src.lastpage) mismatches++;
  }
  console.log(`sampled ${stored.length} stored responses against the source: ${mismatches} mismatches`);
  const again = await runImport(b, b.surveyId, path1);
  console.log(`re-import of the same file: ${again.seconds.toFixed(1)} s, inserted ${again.result.inserted}, already present ${again.result.alreadyPresent}`);
  if (r1.result.inserted !== ROWS || mismatches || new Set(sample).size > stored.length || again.result.inserted !== 0) process.exitCode = 1;

  // Part 2: 8 MB and 64 MB VV files with every column of every type.
  for (const sizeMb of [8, 64]) {
    const { id } = await importSurvey(b.ctx, { xml: readFileSync(FIXTURES + 'ls205_sample_survey_english.lss', 'utf8'), confirmDuplicate: true });
    const { columns } = await loadSurveyColumns(b.db, id);
    const header = vvFile([], columns);
    const path = `${b.dir}responses-${sizeMb}mb.txt`;
    const limit = sizeMb * MB - 16 * 1024;
    const n = await writeFile(path, header, (i) => vvFile([generateResponse(i, columns, prng(i))], columns).split('\n')[2] + '\n', (_i, bytes) => bytes >= limit);
    const r = await runImport(b, id, path);
    console.log(
      `${sizeMb} MB VV file (${n.toLocaleString('en')} responses × ${columns.length} columns): ${r.seconds.toFixed(1)} s (budget 60 s: ${r.seconds <= 60 ? 'OK' : 'OVER'}), ` +
        `status ${r.status}${r.error ? ` (${r.error})` : ''}, inserted ${r.result?.inserted}, peak RSS ${r.peakRss.toFixed(0)} MB (before ${r.baseRss.toFixed(0)} MB), peak heap growth ${r.heapGrowth.toFixed(0)} MB (garbage included), peak live heap growth ${r.liveGrowth.toFixed(0)} MB`,
    );
    if (r.status !== 'done' || r.result.inserted !== n) process.exitCode = 1;
  }
} finally {
  await b.close();
}
