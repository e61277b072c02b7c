import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { DEFAULT_GROUP_ROLES } from '../../src/shared/permissions';
import { loginAs } from '../helpers/accounts';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';

/** Probe finding 7: participation codes with names and e-mail addresses are personal data — their export needs survey.tokens.export and is audited. */
const t = createSurveyTestApp();
afterAll(() => t.close());
let beheerder: HttpSession;
let api: HttpSession;
let surveyId = 0;

beforeAll(async () => {
  beheerder = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  api = await loginAs(t.session(), 'api@demo.impulz.nl');
  const form = new FormData();
  form.set('file', new File([readFileSync(`${LIMESURVEY_FIXTURES}ls205_sample_survey_english.lss`, 'utf8')], 'ls205.lss'));
  form.set('confirm_duplicate', '1');
  surveyId = ((await (await beheerder.fetch('/portal/api/v2/survey/import', { method: 'POST', body: form })).json()) as { data: { id: number } }).data.id;
}, 30_000);

describe('token export is personal data', { timeout: 30_000 }, () => {
  it('the seed gives survey.tokens.export to Admin and Beheerder, not to Gebruiker or Api', () => {
    expect(DEFAULT_GROUP_ROLES.Admin).toContain('survey.tokens.export');
    expect(DEFAULT_GROUP_ROLES.Beheerder).toContain('survey.tokens.export');
    expect(DEFAULT_GROUP_ROLES.Gebruiker).not.toContain('survey.tokens.export');
    expect(DEFAULT_GROUP_ROLES.Api).not.toContain('survey.tokens.export');
  });

  it('the Api group cannot export the codes by cookie (403, nothing audited) but keeps its upload rights', async () => {
    const before = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'tokens.export'))).length;
    const res = await api.get(`/portal/api/v2/survey/${surveyId}/token/export`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('firstname');
    expect((await t.db.select().from(auditLog).where(eq(auditLog.action, 'tokens.export'))).length).toBe(before);
    const upload = new FormData();
    upload.set('file', new File(['"id","submitdate"\r\n"1","2026-01-01 10:00:00"\r\n'], 'r.csv'));
    // The upload route lets the Api group through (the file is then checked: this one doesn't fit the survey, 422 — not 403).
    expect((await api.fetch(`/portal/api/v2/survey/${surveyId}/response`, { method: 'POST', body: upload })).status).not.toBe(403);
  });

  it('a Beheerder exports, and the export is in the audit trail: who, which survey, when', async () => {
    const res = await beheerder.get(`/portal/api/v2/survey/${surveyId}/token/export`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"tid","firstname","lastname","email"');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tokens.export'));
    expect(rows.at(-1)).toMatchObject({ userId: 2, companyId: 1, resource: 'survey', resourceId: surveyId });
    expect(rows.at(-1)!.summary).toContain('Tokens geëxporteerd');
  });
});
