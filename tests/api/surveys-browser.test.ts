import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAudit, surveyResponses, surveys } from '../../src/server/db/schema';
import { loadCube } from '../../src/server/services/analytics/load-cube';
import { loadSurveyColumns } from '../../src/server/services/surveys/responses/survey-columns';
import { csvHeader, csvLine, generateResponse, prng } from '../helpers/response-generator';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';

const t = createSurveyTestApp();
const staff = t.session();
afterAll(() => t.close());

type Page = { data: { id: number; response_id: number; complete: boolean; token: string | null }[]; meta: { total: number } };
async function post(path: string, content: string | Uint8Array, name: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new File([content as BlobPart], name));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return staff.fetch(path, { method: 'POST', body: form });
}
async function importLss(name: string) {
  const res = await post('/portal/api/v2/survey/import', readFileSync(LIMESURVEY_FIXTURES + name, 'utf8'), name, { confirm_duplicate: '1' });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}
async function importResponses(surveyId: number, content: string, name: string) {
  const res = await post(`/portal/api/v2/survey/${surveyId}/response`, content, name);
  expect(res.status).toBe(202);
  const { data } = (await res.json()) as { data: { id: number } };
  const job = ((await (await staff.get(`/portal/api/v2/job/${data.id}`)).json()) as { data: { status: string; result: Record<string, number> } }).data;
  expect(job.status).toBe('done');
  return job.result;
}
async function stored(surveyId: number) {
  const rows = await t.db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId));
  return rows
    .map((r) => ({ id: r.responseId, token: r.token, submit: r.submitDate, start: r.startDate, stamp: r.dateStamp, page: r.lastPage, lang: r.startLanguage, seed: r.seed, answers: JSON.parse(r.answers) as Record<string, string> }))
    .sort((a, b) => a.id! - b.id!);
}

let colors = 0;
let all = 0;
beforeAll(async () => {
  expect((await staff.login('beheerder@demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
  colors = await importLss('limesurvey_survey_841748_colors.lss');
  await importResponses(colors, readFileSync(LIMESURVEY_FIXTURES + 'survey_841748_responses.lsr', 'utf8'), 'r.lsr');
  all = await importLss('ls205_sample_survey_english.lss');
  const columns = (await loadSurveyColumns(t.db, all)).columns;
  const rnd = prng(11);
  const rows = Array.from({ length: 120 }, (_, i) => generateResponse(i + 1, columns, rnd));
  rows.forEach((r, i) => {
    if (i % 10 === 0) r.submitdate = null;
  });
  const csv = csvHeader(columns, 2).replace('"id","submitdate"', '"id","token","submitdate"') + rows.map((r, i) => csvLine(r, columns).replace(/^("\d+",)/, `$1"${i < 3 ? 'tokA' : ''}",`)).join('');
  await importResponses(all, csv, 'all.csv');
}, 60_000);

describe('response browser', { timeout: 30_000 }, () => {
  it('pages and filters by completion, date and token', async () => {
    const page = (await (await staff.get(`/portal/api/v2/survey/${all}/responses?per_page=50&page=2`)).json()) as Page;
    expect(page.meta.total).toBe(120);
    expect(page.data).toHaveLength(50);
    const incomplete = (await (await staff.get(`/portal/api/v2/survey/${all}/responses?status=incomplete`)).json()) as Page;
    expect(incomplete.meta.total).toBe((await stored(all)).filter((r) => r.submit === null).length);
    expect(incomplete.meta.total).toBeGreaterThanOrEqual(12);
    expect(incomplete.data.every((r) => !r.complete)).toBe(true);
    const tokens = (await (await staff.get(`/portal/api/v2/survey/${all}/responses?token=tokA`)).json()) as Page;
    expect(tokens.meta.total).toBe(3);
    const dated = (await (await staff.get(`/portal/api/v2/survey/${all}/responses?from=2025-03-10&to=2025-03-12&status=complete`)).json()) as Page;
    const expected = (await stored(all)).filter((r) => r.submit && r.submit.slice(0, 10) >= '2025-03-10' && r.submit.slice(0, 10) <= '2025-03-12').length;
    expect(dated.meta.total).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    const bad = await staff.get(`/portal/api/v2/survey/${all}/responses?from=gisteren&status=x`);
    expect(bad.status).toBe(422);
    const errors = ((await bad.json()) as { errors: Record<string, string[]> }).errors;
    expect(errors.from).toEqual(['Vul een datum in als JJJJ-MM-DD']);
    const range = await staff.get(`/portal/api/v2/survey/${all}/responses?from=2025-03-12&to=2025-03-10`);
    expect(((await range.json()) as { errors: Record<string, string[]> }).errors.to).toEqual(['De einddatum ligt voor de begindatum']);
  });

  it("shows one response's answers with question texts and answer labels", async () => {
    const list = (await (await staff.get(`/portal/api/v2/survey/${colors}/responses`)).json()) as Page;
    const first = list.data.find((r) => r.response_id === 1)!;
    const res = await staff.get(`/portal/api/v2/survey/${colors}/responses/${first.id}`);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { answers: { key: string; question: string; subquestion: string | null; value: string | null; label: string | null; shown: boolean }[] } };
    const sq9 = data.answers.find((a) => a.key === 'Q00_SQ009')!;
    expect(sq9).toMatchObject({ value: 'Y', shown: true });
    expect(sq9.question.length).toBeGreaterThan(0);
    expect(sq9.subquestion).toBeTruthy();
    expect(data.answers.find((a) => a.key === 'Q00_SQ001')).toMatchObject({ value: '', shown: true });
    expect((await staff.get(`/portal/api/v2/survey/${all}/responses/${first.id}`)).status).toBe(404);
  });

  it('deletes a response: gone, responses_version bumped, audit written, the cube one respondent smaller', async () => {
    const deps = { db: t.db, files: t.files };
    const before = await loadCube(deps, all);
    const [{ responsesVersion: v0 }] = await t.db.select({ responsesVersion: surveys.responsesVersion }).from(surveys).where(eq(surveys.id, all)) as [{ responsesVersion: number }];
    const list = (await (await staff.get(`/portal/api/v2/survey/${all}/responses?status=complete`)).json()) as Page;
    const victim = list.data[0]!;
    const res = await staff.fetch(`/portal/api/v2/survey/${all}/responses/${victim.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { alert: string }).alert).toContain('verwijderd');
    expect((await t.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.id, victim.id)))[0]!.n).toBe(0);
    const [{ responsesVersion: v1 }] = await t.db.select({ responsesVersion: surveys.responsesVersion }).from(surveys).where(eq(surveys.id, all)) as [{ responsesVersion: number }];
    expect(v1).toBe(v0 + 1);
    const after = await loadCube(deps, all);
    expect(after.version).toBe(v1);
    expect(after.rowCount).toBe(before.rowCount - 1);
    const audit = await t.db.select().from(surveyAudit).where(eq(surveyAudit.surveyId, all));
    expect(audit.map((a) => a.action)).toContain('response.delete');
    expect((await staff.fetch(`/portal/api/v2/survey/${all}/responses/${victim.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('exports LimeSurvey CSV that imports again to the same data (round trip), and records the export', async () => {
    for (const [source, fixture] of [[all, 'ls205_sample_survey_english.lss'], [colors, 'limesurvey_survey_841748_colors.lss']] as const) {
      const res = await staff.get(`/portal/api/v2/survey/${source}/responses/export`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      const csv = await res.text();
      expect(csv.split('\r\n')[0]).toMatch(/^"id","token","submitdate","lastpage","startlanguage","seed","startdate","datestamp",/);
      const copy = await importLss(fixture);
      const result = await importResponses(copy, csv, 'export.csv');
      expect(result).toMatchObject({ rejected: 0 });
      const a = await stored(source);
      const b = await stored(copy);
      // The first import of the colors .lsr kept '' (shown, not answered); CSV can't carry '' apart from NULL.
      const withoutEmpty = (rows: typeof a) => rows.map((r) => ({ ...r, answers: Object.fromEntries(Object.entries(r.answers).filter(([, v]) => v !== '')) }));
      expect(withoutEmpty(b)).toEqual(withoutEmpty(a));
      const again = await (await staff.get(`/portal/api/v2/survey/${copy}/responses/export`)).text();
      expect(again).toBe(csv);
      const audit = await t.db.select().from(surveyAudit).where(eq(surveyAudit.surveyId, source));
      expect(audit.some((x) => x.action === 'response.export')).toBe(true);
    }
    const filtered = await (await staff.get(`/portal/api/v2/survey/${all}/responses/export?token=tokA`)).text();
    expect(filtered.trim().split('\r\n')).toHaveLength(1 + 3);
  });

  it('is for survey.edit of the survey’s company only', async () => {
    const user = t.session();
    expect((await user.login('gebruiker@demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
    expect((await user.get(`/portal/api/v2/survey/${all}/responses`)).status).toBe(403);
    expect((await user.get(`/portal/api/v2/survey/${all}/responses/export`)).status).toBe(403);
    const other = t.session();
    expect((await other.login('beheerder@noordbroek.demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
    expect((await other.get(`/portal/api/v2/survey/${all}/responses`)).status).toBe(404);
    expect((await other.get(`/portal/api/v2/survey/${all}/responses/export`)).status).toBe(404);
    const list = (await (await staff.get(`/portal/api/v2/survey/${all}/responses`)).json()) as Page;
    expect((await other.get(`/portal/api/v2/survey/${all}/responses/${list.data[0]!.id}`)).status).toBe(404);
    expect((await other.fetch(`/portal/api/v2/survey/${all}/responses/${list.data[0]!.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
