import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, surveyResponses } from '../../src/server/db/schema';
import { loadSurveyColumns } from '../../src/server/services/surveys/responses/survey-columns';
import type { ResponseColumn } from '../../src/server/services/surveys/column-map';
import { readLimeSurveyXml } from '../../src/server/services/surveys/lss/read-tables';
import { csvHeader, csvLine, generateResponse, prng, vvFile } from '../helpers/response-generator';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';

const FIXTURES = LIMESURVEY_FIXTURES;
const t = createSurveyTestApp();
const staff = t.session();
afterAll(() => t.close());

type Job = { id: number; status: string; progress: number; error?: string; result?: Record<string, unknown> & { rejectedRows: { row: number; column?: string; reason: string }[] } };

async function importFixture(name: string) {
  const form = new FormData();
  form.set('file', new File([readFileSync(FIXTURES + name, 'utf8')], name));
  const res = await staff.fetch('/portal/api/v2/survey/import', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}
async function uploadResponses(surveyId: number, content: string | Uint8Array, name = 'responses.csv') {
  const form = new FormData();
  form.set('file', new File([content as BlobPart], name));
  return staff.fetch(`/portal/api/v2/survey/${surveyId}/response`, { method: 'POST', body: form });
}
async function finishedJob(res: Response): Promise<Job> {
  expect(res.status).toBe(202);
  const { data } = (await res.json()) as { data: Job };
  const poll = await staff.get(`/portal/api/v2/job/${data.id}`);
  expect(poll.status).toBe(200);
  return ((await poll.json()) as { data: Job }).data;
}
const responseCount = async (surveyId: number) => (await t.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId)))[0]!.n;
async function storedAnswers(surveyId: number) {
  const rows = await t.db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId));
  return new Map(rows.map((r) => [r.responseId, { ...r, answers: JSON.parse(r.answers) as Record<string, string> }]));
}

let colors = 0;
let all = 0;
let allColumns: ResponseColumn[] = [];
beforeAll(async () => {
  expect((await staff.login('beheerder@demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
  colors = await importFixture('limesurvey_survey_841748_colors.lss');
  all = await importFixture('ls205_sample_survey_english.lss');
  allColumns = (await loadSurveyColumns(t.db, all)).columns;
});

describe('POST survey/{id}/response', { timeout: 30_000 }, () => {
  it("imports the real .lsr responses as a CSV with SGQA column names, NULL vs '' kept", async () => {
    const { tables } = readLimeSurveyXml(readFileSync(FIXTURES + 'survey_841748_responses.lsr', 'utf8'), 'Responses');
    const xml = readFileSync(FIXTURES + 'survey_841748_responses.lsr', 'utf8');
    const fields = [...xml.matchAll(/<fieldname>([^<]+)<\/fieldname>/g)].map((m) => m[1]!);
    const rows = tables.responses!;
    const lines = [fields.join('\t'), fields.join('\t')];
    for (const r of rows) lines.push(fields.map((f) => r[/^\d/.test(f) ? `_${f}` : f] ?? '{question_not_shown}').join('\t'));
    const job = await finishedJob(await uploadResponses(colors, lines.join('\n') + '\n', 'colors.txt'));
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({ rows: 2, accepted: 2, inserted: 2, rejected: 0, format: 'vv' });
    const stored = await storedAnswers(colors);
    expect(stored.get(1)!.answers).toMatchObject({ Q00_SQ009: 'Y', Q00_SQ011: 'Y', Q00_SQ001: '' });
    expect(stored.get(1)!.answers).not.toHaveProperty('G02Q03');
    expect(stored.get(1)!.submitDate).toBe('1980-01-01 00:00:00');
    expect(stored.get(2)!.answers.Q00_SQ001).toBe('Y');
    expect(Object.values(stored.get(1)!.answers)).toContain('I am a fan of heavy metal music');
  });

  it('round-trips every column of every question type through a VV file, and re-import adds nothing', async () => {
    const rnd = prng(42);
    const rows = Array.from({ length: 300 }, (_, i) => generateResponse(i + 1, allColumns, rnd));
    const file = vvFile(rows, allColumns);
    const job = await finishedJob(await uploadResponses(all, file, 'all.txt'));
    expect(job.result).toMatchObject({ rows: 300, accepted: 300, inserted: 300, rejected: 0 });
    const stored = await storedAnswers(all);
    for (const r of rows) {
      expect(stored.get(r.id)!.answers).toEqual(r.answers);
      expect(stored.get(r.id)!.submitDate).toBe(r.submitdate);
    }
    const again = await finishedJob(await uploadResponses(all, file, 'all.txt'));
    expect(again.result).toMatchObject({ rows: 300, accepted: 300, inserted: 0, alreadyPresent: 300, rejected: 0 });
    expect(await responseCount(all)).toBe(300);
    expect(t.bucket.keys().filter((k) => !k.startsWith('cubes/'))).toEqual([]);
  });

  it('reads CSV exports with bracket and SGQA headings', async () => {
    const rnd = prng(7);
    for (const [alias, offset] of [[2, 1000], [1, 2000]] as const) {
      const rows = Array.from({ length: 50 }, (_, i) => generateResponse(offset + i, allColumns, rnd));
      const csv = csvHeader(allColumns, alias) + rows.map((r) => csvLine(r, allColumns)).join('');
      const job = await finishedJob(await uploadResponses(all, csv));
      expect(job.result).toMatchObject({ rows: 50, accepted: 50, rejected: 0, format: 'csv' });
      const stored = await storedAnswers(all);
      // CSV can't tell NULL from '': both arrive as NULL.
      for (const r of rows) expect(stored.get(r.id)!.answers).toEqual(Object.fromEntries(Object.entries(r.answers).filter(([, v]) => v !== '')));
    }
  });

  it('reports exactly the bad rows; accepted + rejected = rows', async () => {
    const cols = (await loadSurveyColumns(t.db, colors)).columns;
    const header = `id,submitdate,${cols.map((c) => c.key).join(',')}\n`;
    const good = (id: number) => `${id},2025-01-01 10:00:00,${cols.map((c) => (c.key.startsWith('Q00_') ? 'Y' : c.key === 'G02Q04' ? 'AO01' : 'tekst')).join(',')}\n`;
    const lines = [good(100), good(101), good(100), good(102).replace('AO01', 'XX'), good(103).replace(',Y,', ',ja,'), '104,2025-01-01\n', good(105).replace('2025-01-01 10:00:00', 'gisteren'), good(106)];
    const job = await finishedJob(await uploadResponses(colors, header + lines.join('')));
    expect(job.result).toMatchObject({ rows: 8, accepted: 3, rejected: 5 });
    const bad = job.result!.rejectedRows;
    expect(bad.map((b) => b.row)).toEqual([3, 4, 5, 6, 7]);
    expect(bad[0]!.column).toBe('id');
    expect(bad[1]).toMatchObject({ column: 'G02Q04' });
    expect(bad[1]!.reason).toContain("'XX'");
    expect(bad[2]!.column).toBe('Q00_SQ001');
    expect(bad[3]!.reason).toContain('velden');
    expect(bad[4]!.column).toBe('submitdate');
    const ids = [...(await storedAnswers(colors)).keys()];
    expect(ids).toEqual(expect.arrayContaining([100, 101, 106]));
    expect(ids).not.toContain(102);
  });

  it('refuses unknown columns, binary files, missing files and oversized files before storing anything', async () => {
    const jobsBefore = (await t.db.select({ n: count() }).from(jobs))[0]!.n;
    const before = await responseCount(colors);
    const unknown = await uploadResponses(colors, 'id,G02Q04,Q99_SQ001,foo\n1,AO01,Y,x\n');
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { message: string }).message).toContain('Q99_SQ001, foo');
    expect((await uploadResponses(colors, new Uint8Array([0x50, 0x4b, 3, 4, 0, 1, 2]))).status).toBe(422);
    expect((await uploadResponses(colors, 'id,token\n1,abc\n')).status).toBe(422);
    expect((await staff.fetch(`/portal/api/v2/survey/${colors}/response`, { method: 'POST', body: new FormData() })).status).toBe(422);
    const huge = await uploadResponses(colors, new Uint8Array(64 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe('Het bestand dat u heeft geüpload is te groot');
    expect(await responseCount(colors)).toBe(before);
    expect((await t.db.select({ n: count() }).from(jobs))[0]!.n).toBe(jobsBefore);
    expect(t.bucket.keys().filter((k) => !k.startsWith('cubes/'))).toEqual([]);
  }, 30_000);

  it("keeps other companies out (404) and lets only the job's owner poll it", async () => {
    const other = t.session();
    expect((await other.login('beheerder@noordbroek.demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
    expect((await other.get(`/portal/api/v2/survey/${colors}/admin`)).status).toBe(404);
    const form = new FormData();
    form.set('file', new File(['id,G02Q04\n1,AO01\n'], 'x.csv'));
    expect((await other.fetch(`/portal/api/v2/survey/${colors}/response`, { method: 'POST', body: form })).status).toBe(404);
    const [job] = await t.db.select().from(jobs).limit(1);
    expect((await other.get(`/portal/api/v2/job/${job!.id}`)).status).toBe(404);
  });
});
