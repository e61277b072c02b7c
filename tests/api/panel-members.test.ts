import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, panelAnswers, panelUsers, surveys, users } from '../../src/server/db/schema';
import { createAccount } from '../../src/server/services/auth/create-account';
import { rawClient } from '../../src/server/services/surveys/scope';
import { GROUPS, PANEL_MEMBER_ROLES } from '../../src/shared/permissions';
import { DEMO_PANEL_TOKEN } from '../../scripts/seed/accounts';
import { loginAs, userByEmail } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createTestApp } from '../helpers/test-app';

/** Issue 34 item 5: panel members (group Panellid) are citizens, kept apart from staff. */
const t = createTestApp();
afterAll(() => t.close());

const PASSWORD = 'Sterk-Wachtwoord-2026';
const API = '/portal/api/v2';
let beheerder: HttpSession;
let paula: HttpSession;
let paulaId = 0;

type Listed = { data: { id: number; fullname: string; group?: string | null; panels?: { name: string }[] }[] };
const ids = async (s: HttpSession, path: string) => ((await (await s.get(path)).json()) as Listed).data.map((u) => u.id);
const auditOf = (action: string) => t.db.select().from(auditLog).where(eq(auditLog.action, action));

async function register(email: string, fullname: string): Promise<{ session: HttpSession; id: number }> {
  const s = t.session();
  await s.csrf();
  const res = await s.post('/portal/auth/panel/register', { token: DEMO_PANEL_TOKEN, fullname, email, password: PASSWORD, password_confirmation: PASSWORD, data: { 1: 1, 2: 5 } });
  expect(res.status).toBe(201);
  return { session: s, id: (await userByEmail(t.db, email))!.id };
}

beforeAll(async () => {
  beheerder = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  ({ session: paula, id: paulaId } = await register('paula.panel@example.nl', 'Paula Panellid'));
}, 30_000);

describe('panel members are their own kind', { timeout: 30_000 }, () => {
  it('registration through a panel link makes a Panellid with panel roles only', async () => {
    const row = (await userByEmail(t.db, 'paula.panel@example.nl'))!;
    expect(row.groupId).toBe(GROUPS.Panellid);
    const boot = (await (await paula.get(`${API}/bootstrap`)).json()) as { data: { user: { data: { group: string; roles: string[] } } } };
    expect(boot.data.user.data.group).toBe('Panellid');
    expect(boot.data.user.data.roles).toEqual(['panel.access', 'user.access']);
  });

  it('never appears in staff lists and pickers; pickers leave out Api users and expired demo accounts and show the group', async () => {
    for (const path of [`${API}/user`, `${API}/user?kind=demo`, `${API}/user?kind=api`, `${API}/user/index-items`, `${API}/user/index-items/all`, `${API}/company/1/user`]) {
      expect(await ids(beheerder, path), path).not.toContain(paulaId);
    }
    const items = ((await (await beheerder.get(`${API}/user/index-items`)).json()) as Listed).data;
    const api = (await userByEmail(t.db, 'api@demo.impulz.nl'))!;
    const expired = (await t.db.select().from(users).where(eq(users.companyId, 1))).filter((u) => u.demoExpiresAt && u.demoExpiresAt <= new Date());
    expect(expired.length).toBeGreaterThan(0);
    expect(items.map((i) => i.id)).not.toContain(api.id);
    for (const e of expired) expect(items.map((i) => i.id)).not.toContain(e.id);
    expect(items.find((i) => i.fullname === 'Bram Jansen')?.group).toBe('Beheerder');
  });

  it('is refused as project member, report reader, transfer target and company admin (422, nothing written)', async () => {
    const refusals = [
      await beheerder.post(`${API}/project/1/user`, { user_id: paulaId, project_role_id: 2 }),
      await beheerder.fetch(`${API}/project/1/user/${paulaId}`, { method: 'PUT', json: {} }),
      await beheerder.fetch(`${API}/report/1/user/${paulaId}`, { method: 'PUT', json: {} }),
      await beheerder.fetch(`${API}/report/1/user`, { method: 'PUT', json: { user_ids: [paulaId] } }),
      await beheerder.fetch(`${API}/company/1/admin/${paulaId}`, { method: 'PUT', json: {} }),
    ];
    for (const res of refusals) {
      expect(res.status, res.url).toBe(422);
      expect(((await res.json()) as { message: string }).message).toContain('panelleden');
    }
    const rows = await rawClient(t.db).execute({ sql: 'select (select count(*) from project_users where user_id = ?) + (select count(*) from report_users where user_id = ?) + (select count(*) from company_admins where user_id = ?) as n', args: [paulaId, paulaId, paulaId] });
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });

  it('cannot be moved into a staff group or given staff roles, and nobody is moved into Panellid (403 with a Dutch message)', async () => {
    const group = await beheerder.fetch(`${API}/user/${paulaId}/group/3`, { method: 'PUT', json: {} });
    expect(group.status).toBe(403);
    expect(((await group.json()) as { message: string }).message).toContain('panellid');
    const role = await beheerder.fetch(`${API}/user/${paulaId}/role/1`, { method: 'PUT', json: {} });
    expect(role.status).toBe(403);
    const carla = (await userByEmail(t.db, 'gebruiker@demo.impulz.nl'))!;
    const into = await beheerder.fetch(`${API}/user/${carla.id}/group/${GROUPS.Panellid}`, { method: 'PUT', json: {} });
    expect(into.status).toBe(403);
    expect((await userByEmail(t.db, 'paula.panel@example.nl'))!.groupId).toBe(GROUPS.Panellid);
    expect((await userByEmail(t.db, 'gebruiker@demo.impulz.nl'))!.groupId).toBe(GROUPS.Gebruiker);
  });

  it('sees only its own panel pages: staff endpoints answer 403 (or 404 for rows), no staff names; asking for access is refused', async () => {
    for (const path of [`${API}/user`, `${API}/user/index-items`, `${API}/company/1/user`, `${API}/project`, `${API}/report`, `${API}/panel`, `${API}/user/panel-member`, `${API}/admin/audit`]) {
      const res = await paula.get(path);
      expect(res.status, path).toBe(403);
      expect(await res.text()).not.toMatch(/Bram Jansen|Carla Bakker|Anne de Vries/);
    }
    expect((await paula.get(`${API}/user/2`)).status).toBe(403);
    expect((await paula.get(`${API}/user/${paulaId}/answer`)).status).toBe(200);
    const ask = await paula.post(`${API}/admin/requestAccess`, { path: '/project/overview', reason: 'graag' });
    expect(ask.status).toBe(403);
  });
});

describe("the 'Panelleden' tab's API", { timeout: 30_000 }, () => {
  it('lists and searches the organisation’s panel members with their panels (panel.edit); other organisations see none of them', async () => {
    const list = ((await (await beheerder.get(`${API}/user/panel-member`)).json()) as Listed).data;
    const me = list.find((m) => m.id === paulaId);
    expect(me?.panels?.map((p) => p.name)).toEqual(['Burgerpanel Zuiderhaven']);
    expect(list.every((m) => m.fullname !== 'Carla Bakker')).toBe(true);
    expect(await ids(beheerder, `${API}/user/panel-member?q=paula.panel`)).toEqual([paulaId]);
    expect(await ids(beheerder, `${API}/user/panel-member?q=${encodeURIComponent('%')}`)).toEqual([]);
    const other = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
    expect(await ids(other, `${API}/user/panel-member`)).not.toContain(paulaId);
    expect((await other.get(`${API}/user/panel-member/${paulaId}/personal-data`)).status).toBe(404);
    expect((await other.fetch(`${API}/user/panel-member/${paulaId}`, { method: 'DELETE' })).status).toBe(404);
    const gebruiker = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
    expect((await gebruiker.get(`${API}/user/panel-member`)).status).toBe(403);
    expect((await beheerder.get(`${API}/user/panel-member/2/personal-data`)).status).toBe(404);
  });

  it('exports the list as CSV through the one writer (formulas neutralised), with an audit row', async () => {
    const { id } = await register('formule@example.nl', '=HYPERLINK("x")');
    const before = (await auditOf('panel.members.export')).length;
    const res = await beheerder.get(`${API}/user/panel-member/export`);
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).toContain('paula.panel@example.nl');
    expect(csv).toContain(`'=HYPERLINK`);
    const rows = await auditOf('panel.members.export');
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ companyId: 1, resource: 'company' });
    expect((await beheerder.fetch(`${API}/user/panel-member/${id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('hands out everything kept about one member (right of access), audited', async () => {
    const res = await beheerder.get(`${API}/user/panel-member/${paulaId}/personal-data`);
    expect(res.status).toBe(200);
    const data = (await res.json()) as { account: { email: string }; panels: { name: string; background: { field: string }[] }[] };
    expect(data.account.email).toBe('paula.panel@example.nl');
    expect(data.panels[0]!.background.map((b) => b.field)).toContain('Leeftijdsgroep');
    expect((await auditOf('panel.member.export')).at(-1)).toMatchObject({ resource: 'user', resourceId: paulaId, companyId: 1, userId: 2 });
  });

  it('removes a member: account, memberships and background go, audited in the same batch', async () => {
    const { id } = await register('weg@example.nl', 'Wim Weg');
    const res = await beheerder.fetch(`${API}/user/panel-member/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await t.db.select().from(panelUsers).where(eq(panelUsers.userId, id))).toEqual([]);
    expect(await t.db.select().from(panelAnswers).where(eq(panelAnswers.userId, id))).toEqual([]);
    expect((await auditOf('panel.member.remove')).at(-1)).toMatchObject({ resource: 'user', resourceId: id, companyId: 1 });
    expect((await beheerder.fetch(`${API}/user/panel-member/${id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('erases a member on request: name, e-mail, attributes and code link go, the answers stay anonymous and the responses version moves', async () => {
    const { id } = await register('wis@example.nl', 'Willemijn Wis');
    const [fielded] = await rawClient(t.db).execute({ sql: 'select survey_id from survey_panels where panel_id = 1 limit 1', args: [] }).then((r) => r.rows);
    const surveyId = Number(fielded!.survey_id);
    const code = `wis-${id}`;
    const now = Date.now();
    await rawClient(t.db).batch(
      [
        { sql: `insert into survey_tokens (survey_id, token, participant_id, firstname, lastname, email, attributes, created_at, updated_at) values (?, ?, ?, 'Willemijn', 'Wis', 'wis@example.nl', '{"wijk":"Wisdorp"}', ?, ?)`, args: [surveyId, code, `panel-user:${id}`, now, now] },
        { sql: `insert into survey_responses (survey_id, external_key, token, answers, created_at, updated_at) values (?, ?, ?, '{}', ?, ?)`, args: [surveyId, `wis-${id}`, code, now, now] },
      ],
      'write',
    );
    const [before] = await t.db.select({ v: surveys.responsesVersion }).from(surveys).where(eq(surveys.id, surveyId));
    const res = await beheerder.post(`${API}/user/panel-member/${id}/erase`, {});
    expect(res.status).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    const token = (await rawClient(t.db).execute({ sql: `select * from survey_tokens where survey_id = ? and (participant_id = ? or token = ?)`, args: [surveyId, `panel-user:${id}`, code] })).rows;
    expect(token).toEqual([]);
    const traces = await rawClient(t.db).execute({ sql: `select id from survey_tokens where firstname = 'Willemijn' or lastname = 'Wis' or email = 'wis@example.nl' or attributes like '%Wisdorp%'`, args: [] });
    expect(traces.rows).toEqual([]);
    const response = (await rawClient(t.db).execute({ sql: 'select token, answers from survey_responses where survey_id = ? and external_key = ?', args: [surveyId, `wis-${id}`] })).rows;
    expect(response).toHaveLength(1);
    expect(response[0]!.token).toBeNull();
    const [after] = await t.db.select({ v: surveys.responsesVersion }).from(surveys).where(eq(surveys.id, surveyId));
    expect(after!.v).toBeGreaterThan(before!.v);
    const audit = (await auditOf('panel.member.erase')).at(-1)!;
    expect(audit).toMatchObject({ resource: 'user', resourceId: id, companyId: 1 });
    expect(audit.summary).not.toContain('wis@example.nl');
  });
});

describe('migration 0022', () => {
  it('moves respondent-only accounts into Panellid and leaves staff who joined a panel in their group', async () => {
    const id = await createAccount(t.db, { companyId: 1, groupId: GROUPS.Gebruiker, email: 'oud.panellid@example.nl', fullname: 'Oud Panellid', password: PASSWORD, roles: PANEL_MEMBER_ROLES, panelId: 1 }, new Date());
    const sql = readFileSync('migrations/0022_panel_members.sql', 'utf8').split('--> statement-breakpoint');
    for (const statement of sql) await rawClient(t.db).execute(statement);
    expect((await t.db.select({ g: users.groupId }).from(users).where(eq(users.id, id)))[0]!.g).toBe(GROUPS.Panellid);
    const carla = (await userByEmail(t.db, 'gebruiker@demo.impulz.nl'))!;
    expect(carla.groupId).toBe(GROUPS.Gebruiker);
    expect(await t.db.select().from(panelUsers).where(and(eq(panelUsers.panelId, 1), eq(panelUsers.userId, carla.id)))).toHaveLength(1);
    const demo = (await userByEmail(t.db, 'demo@demo.impulz.nl'))!;
    expect(demo.groupId).toBe(GROUPS.Gebruiker);
  });
});
