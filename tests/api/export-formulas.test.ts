import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthcareCompanies, panelUsers, ratingResults, surveyResponses, surveyTokens, users } from '../../src/server/db/schema';
import { loadSurveyColumns } from '../../src/server/services/surveys/responses/survey-columns';
import { loginAs } from '../helpers/accounts';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';

/**
 * Probe finding 4 (spreadsheet formula injection): text a respondent, participant or provider
 * list can contain goes through every server-side CSV export and comes out inert — a leading
 * apostrophe before `=`, `+`, `-`, `@`, a tab or a carriage return — while numbers stay numbers.
 */
const NASTY = ['=1+1', '+1', '-1', '@SUM(1)', '\tTAB', '\rCR'];

const t = createSurveyTestApp();
afterAll(() => t.close());
let beheerder: HttpSession;
let linde: HttpSession;
let surveyId = 0;

/** Every nasty value is in the file only with its apostrophe: no cell starts with it. */
function expectInert(text: string, values = NASTY) {
  for (const v of values) {
    expect(text, JSON.stringify(v)).toContain(`'${v}`);
    const escaped = v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(new RegExp(`(^|[,;\\n\\uFEFF])"?${escaped}`).test(text), JSON.stringify(v)).toBe(false);
  }
}

beforeAll(async () => {
  beheerder = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  linde = await loginAs(t.session(), 'gebruiker@delinde.demo.impulz.nl');
  const form = new FormData();
  form.set('file', new File([readFileSync(`${LIMESURVEY_FIXTURES}ls205_sample_survey_english.lss`, 'utf8')], 'ls205.lss'));
  form.set('confirm_duplicate', '1');
  const res = await beheerder.fetch('/portal/api/v2/survey/import', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  surveyId = ((await res.json()) as { data: { id: number } }).data.id;
}, 30_000);

describe('every CSV export neutralises formulas in text and keeps numbers', { timeout: 30_000 }, () => {
  it('responses: typed answers and tokens inert, numeric answers and codes as they are', async () => {
    const { columns } = await loadSurveyColumns(t.db, surveyId);
    const text = columns.find((c) => c.check.kind === 'text' && c.part === 'value')!;
    const number = columns.find((c) => c.check.kind === 'number')!;
    await t.db.insert(surveyResponses).values(
      NASTY.map((v, i) => ({
        surveyId,
        externalKey: `id:${900 + i}`,
        responseId: 900 + i,
        token: v,
        submitDate: '2026-01-01 10:00:00',
        answers: JSON.stringify({ [text.key]: v, [number.key]: '-5' }),
      })),
    );
    const res = await beheerder.get(`/portal/api/v2/survey/${surveyId}/responses/export`);
    expect(res.status).toBe(200);
    const csv = await res.text();
    expectInert(csv);
    expect(csv).toContain('"-5"');
    expect(csv).not.toContain(`"'-5"`);
    expect(csv).toContain('"900"');

    // The file imports again to the same answers: the importer takes the apostrophe off (tokens are trimmed, as always).
    const form = new FormData();
    form.set('file', new File([readFileSync(`${LIMESURVEY_FIXTURES}ls205_sample_survey_english.lss`, 'utf8')], 'ls205.lss'));
    form.set('confirm_duplicate', '1');
    const copy = ((await (await beheerder.fetch('/portal/api/v2/survey/import', { method: 'POST', body: form })).json()) as { data: { id: number } }).data.id;
    const upload = new FormData();
    upload.set('file', new File([csv], 'export.csv'));
    expect((await beheerder.fetch(`/portal/api/v2/survey/${copy}/response`, { method: 'POST', body: upload })).status).toBe(202);
    const back = await t.db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, copy));
    expect(back.map((r) => [r.token, (JSON.parse(r.answers) as Record<string, string>)[text.key]]).sort()).toEqual(NASTY.map((v) => [v.trim(), v]).sort());
  });

  it('participation codes: names, e-mail, codes inert', async () => {
    await t.db.insert(surveyTokens).values(NASTY.map((v, i) => ({ surveyId, token: `${v}${i}`, firstname: v, lastname: v, email: v })));
    const res = await beheerder.get(`/portal/api/v2/survey/${surveyId}/token/export`);
    expect(res.status).toBe(200);
    const csv = await res.text();
    expectInert(csv);
    expect(csv).toContain('"N"');
  });

  it('panel members: names and e-mail inert, ids as numbers', async () => {
    const made = await t.db
      .insert(users)
      .values(NASTY.map((v, i) => ({ companyId: 1, groupId: 3, email: `${v}${i}@example.nl`, fullname: v, passwordHash: 'x' })))
      .returning({ id: users.id });
    await t.db.insert(panelUsers).values(made.map((u) => ({ panelId: 1, userId: u.id })));
    const res = await beheerder.get('/portal/api/v2/panel/1/user/export');
    expect(res.status).toBe(200);
    const csv = await res.text();
    expectInert(csv);
    expect(csv).toContain(`"${made[0]!.id}"`);
  });

  it('Zorgkaart ranking: provider names inert, decimal commas stay numbers', async () => {
    const rows = await t.db.select({ id: ratingResults.healthcareCompanyId }).from(ratingResults).where(eq(ratingResults.ratingJobId, 1));
    const ids = [...new Set(rows.map((r) => r.id))];
    expect(ids.length).toBeGreaterThanOrEqual(NASTY.length);
    for (const [i, v] of NASTY.entries()) await t.db.update(healthcareCompanies).set({ name: v }).where(eq(healthcareCompanies.id, ids[i]!));
    const res = await linde.get('/portal/api/v2/ratingJob/1/csv');
    expect(res.status).toBe(200);
    const csv = await res.text();
    expectInert(csv);
    expect(csv).toMatch(/;\d+,\d\d;/);
    await t.db.update(healthcareCompanies).set({ name: 'x' }).where(inArray(healthcareCompanies.id, ids));
  });
});
