import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { panelUsers } from '../../src/server/db/schema';
import { DEMO_PANEL_TOKEN } from '../../scripts/seed/accounts';
import { lastMailTo, loginAs, userByEmail } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

const PASSWORD = 'Sterk-Wachtwoord-2026';
const del = (s: HttpSession, path: string) => s.fetch(path, { method: 'DELETE' });
type Json = { data: Record<string, unknown> & { id: number } };

describe('invitations', () => {
  it('lists only the own company, creates with a mailed single-use link, and registers + logs in', async () => {
    const s = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
    const list = (await (await s.get('/portal/api/v2/invite')).json()) as { data: { company_id: number; email: string }[] };
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((i) => i.company_id === 1)).toBe(true);
    expect(JSON.stringify(list)).not.toContain('noordbroek');

    const created = await s.post('/portal/api/v2/invite', { email: 'nieuw.lid@zuiderhaven.nl', fullname: 'Nieuw Lid' });
    expect(created.status).toBe(201);
    const invite = (await created.json()) as Json;
    expect(invite.data).toMatchObject({ email: 'nieuw.lid@zuiderhaven.nl', company_id: 1 });
    expect(JSON.stringify(invite)).not.toMatch(/token/);
    const { link, token } = await lastMailTo(t.db, 'nieuw.lid@zuiderhaven.nl');
    expect(link).toMatch(/\/portal\/register\/invite\/[a-z2-7]{32}$/);

    expect((await s.post('/portal/api/v2/invite', { email: 'gebruiker@demo.impulz.nl' })).status).toBe(409);
    expect((await s.post('/portal/api/v2/invite', { email: 'x@y.nl', company_id: 2 })).status).toBe(403);
    expect((await s.post('/portal/api/v2/invite', { email: 'x@y.nl', group_id: 1 })).status).toBe(403);
    expect((await s.post('/portal/api/v2/invite', { email: 'geen-adres' })).status).toBe(422);

    const r = t.session();
    await r.csrf();
    const weak = await r.post('/portal/auth/invite/register', { token, fullname: 'Nieuw Lid', password: 'zwak', password_confirmation: 'zwak' });
    expect(weak.status).toBe(422);
    const ok = await r.post('/portal/auth/invite/register', { token, fullname: 'Nieuw Lid', password: PASSWORD, password_confirmation: PASSWORD });
    expect(ok.status).toBe(201);
    const boot = (await (await r.get('/portal/api/v2/bootstrap')).json()) as { data: { user: { data: { email: string; group: string } } } };
    expect(boot.data.user.data).toMatchObject({ email: 'nieuw.lid@zuiderhaven.nl', group: 'Gebruiker' });
    const user = await userByEmail(t.db, 'nieuw.lid@zuiderhaven.nl');
    expect(user!.companyId).toBe(1);

    const again = t.session();
    await again.csrf();
    expect((await again.post('/portal/auth/invite/register', { token, fullname: 'Tweede', password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(422);
  });

  it("withdraws an own invitation; another company's is a 404", async () => {
    const s = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
    expect((await del(s, '/portal/api/v2/invite/1')).status).toBe(404);
    expect((await del(s, '/portal/api/v2/invite/2')).status).toBe(200);
    expect((await del(s, '/portal/api/v2/invite/2')).status).toBe(404);
    const g = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
    expect((await g.get('/portal/api/v2/invite')).status).toBe(403);
  });
});

describe('panel tokens', () => {
  it('shows the panel for a token and refuses an unknown one', async () => {
    const s = t.session();
    await s.csrf();
    const res = await s.post('/portal/auth/panel', { token: DEMO_PANEL_TOKEN });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as Json;
    expect(data).toMatchObject({ name: 'Burgerpanel Zuiderhaven' });
    expect(data).not.toHaveProperty('token_hash');
    expect((await s.post('/portal/auth/panel', { token: 'bestaat-niet' })).status).toBe(422);
  });

  it('registers a respondent through the token, logged in and in the panel', async () => {
    const s = t.session();
    await s.csrf();
    // The demo panel asks two required background fields (scripts/seed/panels.ts): Leeftijdsgroep (field 1, options 1–4) and Wijk (field 2, options 5–8).
    const body = { token: DEMO_PANEL_TOKEN, fullname: 'Paula Panel', email: 'paula@example.nl', password: PASSWORD, password_confirmation: PASSWORD, data: { 1: 1, 2: 5 } };
    const res = await s.post('/portal/auth/panel/register', body);
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    const boot = (await (await s.get('/portal/api/v2/bootstrap')).json()) as { data: { user: { data: { panelIds: number[]; roles: string[] } } } };
    expect(boot.data.user.data.panelIds).toEqual([1]);
    expect(boot.data.user.data.roles).toEqual(['panel.access', 'user.access']);
    const dup = t.session();
    await dup.csrf();
    expect((await dup.post('/portal/auth/panel/register', body)).status).toBe(409);
  });

  it('lets a logged-in user join with a token and leave again (Afmelden)', async () => {
    const s = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
    const joined = await s.post('/portal/auth/panel/join', { token: DEMO_PANEL_TOKEN });
    expect(joined.status).toBe(200);
    const me = await userByEmail(t.db, 'beheerder@demo.impulz.nl');
    expect(await t.db.select().from(panelUsers).where(and(eq(panelUsers.panelId, 1), eq(panelUsers.userId, me!.id)))).toHaveLength(1);
    expect((await del(s, `/portal/api/v2/panel/1/user/${me!.id}`)).status).toBe(200);
    expect((await del(s, `/portal/api/v2/panel/1/user/${me!.id}`)).status).toBe(404);
  });

  it("lets panel.edit remove members of the own company's panel only", async () => {
    const other = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
    expect((await del(other, '/portal/api/v2/panel/1/user/3')).status).toBe(404);
    const member = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
    expect((await del(member, '/portal/api/v2/panel/2/user/5')).status).toBe(404);
    const admin = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
    expect((await del(admin, '/portal/api/v2/panel/1/user/3')).status).toBe(200);
  });
});
