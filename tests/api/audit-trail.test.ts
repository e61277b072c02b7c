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
