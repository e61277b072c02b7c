import { and, desc, eq, sql } from 'drizzle-orm';
import { totpAt } from '../../src/server/auth/totp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, surveyResponses } from '../../src/server/db/schema';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../scripts/seed/data';
import { loginAs, userByEmail } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';

/** Issue 34 item 7: the audit trail is complete (one test per kind of event), append-only, filtered, paged and exported. */
const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
const IP = '203.0.113.7';

let admin: HttpSession;
let beheerder: HttpSession;
let gebruiker: HttpSession;

type Body = { data: any; meta?: any; message?: string; errors?: Record<string, string[]> };
const json = async (res: Response) => (await res.json()) as Body;
const send = (s: HttpSession, method: string, path: string, body?: unknown) => s.fetch(`${API}${path}`, { method, json: body ?? {}, headers: { 'cf-connecting-ip': IP } });
/** The newest audit row of an action (optionally about one resource id). */
const last = async (action: string, resourceId?: number) =>
  (await t.db.select().from(auditLog).where(and(eq(auditLog.action, action), resourceId === undefined ? undefined : eq(auditLog.resourceId, resourceId))).orderBy(desc(auditLog.id)).limit(1))[0];
/** Every number report 1 shows for all respondents (counts, percentages, means, margins, trend and map), as one string. */
const reportNumbers = async () => {
  const res = await send(admin, 'POST', '/data/1/nl/report/1', { benchmarks: [{ label: 'Alle', filterOptions: [] }] });
  expect(res.status).toBe(200);
  const numbers = JSON.stringify((await json(res)).data.dataLocations);
  expect(numbers).toContain('"groupSize"');
  return numbers;
};
const count = async () => Number((await t.db.select({ n: sql<number>`count(*)` }).from(auditLog))[0]!.n);

beforeAll(async () => {
  admin = await loginAs(t.session(), 'admin@demo.impulz.nl');
  beheerder = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  gebruiker = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
}, 30_000);

describe('logins and logouts', { timeout: 30_000 }, () => {
  it('a wrong password, an unknown address, a right password and a logout each leave a row with the IP address', async () => {
    const s = t.session();
    await s.csrf();
    const wrong = await s.fetch('/portal/auth/login', { method: 'POST', json: { email: 'beheerder@demo.impulz.nl', password: 'verkeerd-wachtwoord' }, headers: { 'cf-connecting-ip': IP } });
    expect(wrong.status).toBe(422);
    expect(await last('auth.login.failed')).toMatchObject({ userId: 2, companyId: 1, result: 'failed', ip: IP, summary: 'Inloggen mislukt: verkeerd wachtwoord' });

    await s.fetch('/portal/auth/login', { method: 'POST', json: { email: 'niemand@example.org', password: 'verkeerd-wachtwoord' } });
    expect(await last('auth.login.failed')).toMatchObject({ userId: null, companyId: null, result: 'failed' });

    const ok = await s.fetch('/portal/auth/login', { method: 'POST', json: { email: 'beheerder@demo.impulz.nl', password: DEMO_PASSWORD }, headers: { 'cf-connecting-ip': IP } });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data).toEqual({ two_factor: false });
    expect(await last('auth.login', 2)).toMatchObject({ userId: 2, companyId: 1, result: 'ok', ip: IP, summary: 'Ingelogd' });
    expect((await s.fetch('/portal/auth/logout', { method: 'POST', headers: { 'cf-connecting-ip': IP } })).status).toBe(204);
    expect(await last('auth.logout', 2)).toMatchObject({ userId: 2, companyId: 1, ip: IP, summary: 'Uitgelogd' });
  });

  it('with two factors: the password step, a wrong code and a completed login are rows', async () => {
    const adminId = (await userByEmail(t.db, 'admin@demo.impulz.nl'))!.id;
    // beforeAll's login answered the challenge.
    const done = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.userId, adminId)));
    expect(done.map((r) => r.summary)).toContain('Ingelogd met tweede factor');
    const s = t.session();
    expect((await s.login('admin@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(200);
    expect(await last('auth.login.password', adminId)).toMatchObject({ userId: adminId, result: 'ok' });
    const code = totpAt(DEMO_TOTP_SECRET, new Date());
    expect((await s.post('/portal/auth/two-factor-challenge', { code: code === '000000' ? '111111' : '000000' })).status).toBe(422);
    expect(await last('auth.login.failed', adminId)).toMatchObject({ result: 'failed', summary: 'Inloggen mislukt: verkeerde code van de tweede factor' });
  });
});

describe('users, invitations, organisations, themes', { timeout: 30_000 }, () => {
  it('creating, changing, a temporary password and deleting a user are each a row of the organisation', async () => {
    const created = await json(await send(beheerder, 'POST', '/user', { fullname: 'Audit Persoon', email: 'audit-persoon@example.org' }));
    const id = created.data.id as number;
    expect(await last('user.create', id)).toMatchObject({ userId: 2, companyId: 1, ip: IP });
    expect((await send(beheerder, 'PUT', `/user/${id}`, { fullname: 'Audit Persoon 2' })).status).toBe(200);
    expect((await last('user.update', id))!.summary).toContain('fullname');
    expect((await send(beheerder, 'PUT', `/user/${id}/password`, {})).status).toBe(200);
    expect(await last('user.password.temporary', id)).toMatchObject({ companyId: 1 });
    expect((await send(beheerder, 'DELETE', `/user/${id}`)).status).toBe(200);
    expect((await last('user.delete', id))!.summary).toBe('Gebruiker verwijderd: Audit Persoon 2');
  });

  it('a new user logs in and changes their own password; the change is a row of their organisation', async () => {
    const created = await json(await send(beheerder, 'POST', '/user', { fullname: 'Wachtwoord Wisselaar', email: 'wisselaar@example.org' }));
    const s = t.session();
    expect((await s.login('wisselaar@example.org', created.data.password)).status).toBe(200);
    const changed = await s.post('/portal/auth/password/change', { current_password: created.data.password, password: 'Een-heel-nieuw-wachtwoord-2026', password_confirmation: 'Een-heel-nieuw-wachtwoord-2026' });
    expect(changed.status).toBeLessThan(300);
    expect(await last('auth.password.change', created.data.id)).toMatchObject({ userId: created.data.id, companyId: 1, summary: 'Eigen wachtwoord gewijzigd; alle sessies beëindigd' });
  });

  it('an invitation sent and withdrawn', async () => {
    const res = await send(beheerder, 'POST', '/invite', { email: 'audit-uitnodiging@example.org' });
    expect(res.status).toBe(201);
    expect((await last('invite.create'))!.summary).toContain('audit-uitnodiging@example.org');
    const id = (await json(res)).data.id as number;
    expect((await send(beheerder, 'DELETE', `/invite/${id}`)).status).toBeLessThan(300);
    expect(await last('invite.delete', id)).toMatchObject({ companyId: 1 });
  });

  it('an organisation renamed, and a theme created and deleted', async () => {
    const company = (await json(await admin.get(`${API}/company/1`))).data;
    expect((await send(admin, 'PUT', '/company/1', { name: `${company.name} (audit)` })).status).toBe(200);
    expect((await send(admin, 'PUT', '/company/1', { name: company.name })).status).toBe(200);
    expect((await last('company.update', 1))!.summary).toContain('→');
    const theme = await json(await send(beheerder, 'POST', '/theme', { name: 'Audit thema', type: 'vue' }));
    expect(await last('theme.create', theme.data.id)).toMatchObject({ companyId: 1 });
    expect((await send(beheerder, 'DELETE', `/theme/${theme.data.id}`)).status).toBeLessThan(300);
    expect(await last('theme.delete', theme.data.id)).toMatchObject({ companyId: 1 });
  });
});

describe('personal data: responses and reports', { timeout: 60_000 }, () => {
  it('opening one response and exporting responses are recorded per survey', async () => {
    const [row] = await t.db.select({ id: surveyResponses.id, surveyId: surveyResponses.surveyId }).from(surveyResponses).limit(1);
    if (!row) return;
    expect((await beheerder.get(`${API}/survey/${row.surveyId}/responses/${row.id}`)).status).toBe(200);
    expect(await last('response.view', row.surveyId)).toMatchObject({ userId: 2, resource: 'survey' });
    const csv = await beheerder.get(`${API}/survey/${row.surveyId}/responses/export`);
    expect(csv.status).toBe(200);
    await csv.text();
    expect(await last('responses.export', row.surveyId)).toMatchObject({ userId: 2 });
  });

  it('making a report public and back is recorded', async () => {
    const report = (await json(await admin.get(`${API}/report/1`))).data;
    const was = Boolean(report.direct_access);
    expect((await send(admin, 'PUT', '/report/1', { direct_access: !was })).status).toBe(200);
    expect((await send(admin, 'PUT', '/report/1', { direct_access: was })).status).toBe(200);
    expect((await last('report.public', 1))!.summary).toMatch(/openbaar/);
  });
});

describe('reading the trail', { timeout: 30_000 }, () => {
  it('filters by user, action and period; pages by keyset without overlap; a Beheerder sees only their organisation', async () => {
    const mine = await json(await admin.get(`${API}/admin/audit?user_id=2&limit=200`));
    expect(mine.data.length).toBeGreaterThan(3);
    expect(mine.data.every((r: { user_id: number }) => r.user_id === 2)).toBe(true);

    const first = await json(await admin.get(`${API}/admin/audit?user_id=2&limit=2`));
    expect(first.meta.next).toMatch(/^\d+_\d+$/);
    const second = await json(await admin.get(`${API}/admin/audit?user_id=2&limit=2&after=${first.meta.next}`));
    const ids = [...first.data, ...second.data].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const logins = await json(await admin.get(`${API}/admin/audit?action=auth.login.failed`));
    expect(logins.data.every((r: { action: string; result: string }) => r.action === 'auth.login.failed' && r.result === 'failed')).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await json(await admin.get(`${API}/admin/audit?from=${today}&to=${today}`))).data.length).toBeGreaterThan(0);
    expect((await json(await admin.get(`${API}/admin/audit?from=2001-01-01&to=2001-12-31`))).data).toEqual([]);
    expect((await admin.get(`${API}/admin/audit?from=2026-13-45`)).status).toBe(422);

    const company = await json(await beheerder.get(`${API}/admin/audit?limit=200`));
    expect(company.data.length).toBeGreaterThan(0);
    const ids1 = new Set((await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.companyId, 1))).map((r) => r.id));
    expect(company.data.every((r: { id: number }) => ids1.has(r.id))).toBe(true);
    expect((await gebruiker.get(`${API}/admin/audit`)).status).toBe(403);
  });

  it('is append-only: no route changes or removes a row', async () => {
    const [row] = await t.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await send(admin, method, `/admin/audit/${row!.id}`);
      expect([404, 405]).toContain(res.status);
      expect((await send(admin, method, '/admin/audit')).status).not.toBe(200);
    }
    expect((await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, row!.id))).length).toBe(1);
  });

  it('exports the filtered trail as CSV through the one writer, and the export is itself a row', async () => {
    const res = await admin.get(`${API}/admin/audit/export?user_id=2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="audittrail_\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,tijdstip (UTC),gebruiker_id,gebruiker,e-mail,token_id,ip,actie,item,item_id,resultaat,omschrijving');
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.slice(1).every((l) => l.split(',')[2] === '2')).toBe(true);
    expect(text).toContain('Thema aangemaakt: Audit thema');
    expect(await last('audit.export')).toMatchObject({ result: 'ok', summary: 'Audittrail geëxporteerd (gebruiker 2)' });
  });
});

describe('erasure on request (AVG art. 17)', { timeout: 60_000 }, () => {
  it('erases one participant: name, e-mail, attributes and code go; the answers and report numbers stay; audited', async () => {
    // A participant of the report's survey whose code is on one of the responses (LimeSurvey keeps that link).
    const { rows } = await t.client.execute(`select t.id, t.survey_id, t.token from survey_tokens t
      where t.email <> '' and t.survey_id in (select d.survey_id from report_data_locations d join report_charts c on c.id = d.chart_id join report_sections s on s.id = c.section_id where s.report_id = 1) limit 1`);
    expect(rows.length).toBe(1);
    const { id, survey_id: surveyId, token } = rows[0] as unknown as { id: number; survey_id: number; token: string };
    await t.client.execute({ sql: 'update survey_responses set token = ? where id = (select min(id) from survey_responses where survey_id = ?)', args: [token, surveyId] });
    const sizes = reportNumbers;
    const before = { sizes: await sizes(), answers: Number((await t.db.select({ n: sql<number>`count(*)` }).from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId)))[0]!.n) };

    // Right of access first: everything kept about the participant, as a file, audited.
    const file = await beheerder.get(`${API}/survey/${surveyId}/token/${id}/personal-data`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="deelnemer_${surveyId}_${id}.json"`);
    const kept = (await file.json()) as { participant: { code: string; email: string }; responses: { answers: Record<string, string> }[] };
    expect(kept.participant).toMatchObject({ code: token });
    expect(kept.participant.email).not.toBe('');
    expect(kept.responses.length).toBe(1);
    expect(await last('participant.export', surveyId)).toMatchObject({ userId: 2, companyId: 1 });
    expect((await gebruiker.get(`${API}/survey/${surveyId}/token/${id}/personal-data`)).status).toBe(403);

    expect((await send(gebruiker, 'POST', `/survey/${surveyId}/token/${id}/erase`)).status).toBe(403);
    const res = await send(beheerder, 'POST', `/survey/${surveyId}/token/${id}/erase`);
    expect(res.status).toBe(200);
    expect((await json(res)).data.responses_unlinked).toBeGreaterThan(0);
    const after = (await t.client.execute({ sql: 'select firstname, lastname, email, attributes, token from survey_tokens where id = ?', args: [id] })).rows[0]!;
    expect(after).toMatchObject({ firstname: '', lastname: '', email: '', attributes: '{}' });
    expect(String(after.token)).toMatch(/^gewist-/);
    expect((await t.client.execute({ sql: 'select count(*) as n from survey_responses where survey_id = ? and token = ?', args: [surveyId, token] })).rows[0]!.n).toBe(0);
    expect(Number((await t.db.select({ n: sql<number>`count(*)` }).from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId)))[0]!.n)).toBe(before.answers);
    expect(await sizes()).toEqual(before.sizes);
    expect(await last('participant.erase', surveyId)).toMatchObject({ userId: 2, companyId: 1 });
    expect((await send(beheerder, 'POST', `/survey/${surveyId}/token/999999/erase`)).status).toBe(404);
  });
});

describe('retention (AVG art. 5): per organisation, on the test clock', { timeout: 60_000 }, () => {
  it('a Beheerder sets the periods (validated, audited); another organisation\'s are a 404', async () => {
    // The default (issue 34 item 8): names, e-mail addresses and attributes 12 months after the study's end; audit rows 24.
    expect((await json(await beheerder.get(`${API}/company/1/retention`))).data).toEqual({ contact_months: 12, audit_months: 24 });
    const bad = await send(beheerder, 'PUT', '/company/1/retention', { contact_months: 13, audit_months: 6 });
    expect(bad.status).toBe(422);
    expect((await json(bad)).errors).toMatchObject({ contact_months: ['Maximaal 12 maanden na het einde van het onderzoek.'], audit_months: ['De audittrail blijft minimaal 12 maanden bewaard.'] });
    expect((await send(beheerder, 'PUT', '/company/2/retention', { contact_months: 3, audit_months: 24 })).status).toBe(404);
    expect((await send(gebruiker, 'PUT', '/company/1/retention', { contact_months: 3, audit_months: 24 })).status).toBe(403);
    const ok = await send(beheerder, 'PUT', '/company/1/retention', { contact_months: 11, audit_months: 36 });
    expect(ok.status).toBe(200);
    expect(await last('company.retention', 1)).toMatchObject({ userId: 2, companyId: 1 });
    expect((await last('company.retention', 1))!.summary).toContain('12 → 11 maanden');
    expect((await send(beheerder, 'PUT', '/company/1/retention', { contact_months: 12, audit_months: 36 })).status).toBe(200);
  });

  it('the daily job removes names, addresses and attributes after the organisation\'s period and audit rows after theirs; answers and report numbers stay; what it removed is in the trail', async () => {
    const { expireContactData } = await import('../../src/server/services/panels/expire-contact-data');
    const answers = Number((await t.db.select({ n: sql<number>`count(*)` }).from(surveyResponses))[0]!.n);
    const sizes = reportNumbers;
    const reportBefore = await sizes();
    // An old audit row of organisation 1 (kept 36 months now) and one of the installation (24 months).
    const day = 86_400_000;
    const now = Date.now();
    await t.db.insert(auditLog).values([
      { companyId: 1, action: 'test.old', resource: 'test', summary: 'oud (30 maanden)', createdAt: new Date(now - 30 * 31 * day) },
      { companyId: null, action: 'test.old', resource: 'test', summary: 'oud (installatie, 30 maanden)', createdAt: new Date(now - 30 * 31 * day) },
    ]);
    const first = await expireContactData(t.db, new Date(now));
    expect(first.audit).toBe(1);
    const left = await t.db.select().from(auditLog).where(eq(auditLog.action, 'test.old'));
    expect(left.map((r) => r.companyId)).toEqual([1]);
    expect(await last('retention.audit')).toMatchObject({ companyId: null, userId: null, summary: 'Bewaartermijn: 1 auditregel ouder dan de bewaartermijn verwijderd' });

    // Four years on every demo study has ended past its period: names, addresses and attributes go, the answers stay.
    const { rows: picked } = await t.client.execute("select id, survey_id from survey_tokens where token not like 'gewist-%' order by id limit 1");
    const { id: tokenId, survey_id: surveyId } = picked[0] as unknown as { id: number; survey_id: number };
    await t.client.execute({ sql: `update survey_tokens set firstname = 'Piet', lastname = 'Jansen', email = 'piet@example.org', attributes = '{"attribute_1":"Noord"}' where id = ?`, args: [tokenId] });
    const version = async () => Number((await t.client.execute({ sql: 'select responses_version as v from surveys where id = ?', args: [surveyId] })).rows[0]!.v);
    const versionBefore = await version();
    const later = await expireContactData(t.db, new Date(now + 4 * 365 * day));
    expect(later.tokens).toBeGreaterThan(0);
    expect((await t.client.execute("select count(*) as n from survey_tokens where email <> '' or firstname <> '' or lastname <> '' or attributes <> '{}'")).rows[0]!.n).toBe(0);
    // Attributes are cube columns: the survey's responses version moved, so cubes and reports follow.
    expect(await version()).toBe(versionBefore + 1);
    const row = await last('retention.contacts', surveyId);
    expect(row).toMatchObject({ userId: null, resource: 'survey', result: 'ok' });
    expect(row!.summary).toMatch(/^Bewaartermijn: naam, e-mailadres en kenmerken van \d+ deelnemer\(s\) van .+ \(\d+\) verwijderd \(12 maanden na het einde van het onderzoek\); 1 met kenmerken; antwoorden blijven$/);
    expect(Number((await t.db.select({ n: sql<number>`count(*)` }).from(surveyResponses))[0]!.n)).toBe(answers);
    expect(await sizes()).toEqual(reportBefore);
    expect((await expireContactData(t.db, new Date(now + 4 * 365 * day))).tokens).toBe(0);
  });
});
