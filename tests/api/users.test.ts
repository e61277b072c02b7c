import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, sessions, users } from '../../src/server/db/schema';
import { GENERATED_PASSWORD } from '../../src/shared/password-generator';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
import { loginAs, userByEmail } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { jsonApi, sessionFor } from '../helpers/manage';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

type UserJson = { id: number; fullname: string; email: string; company_id: number; group_id: number; roles: { id: number; name: string }[]; must_change_password: boolean; password?: string | null; last_login_at: string | null; two_factor: boolean; demo_expires_at: string | null; demo_expired: boolean; editable: boolean; lime_user_id: number | null };
type One = { data: UserJson; message?: string; errors?: Record<string, string[]> };
type Many = { data: UserJson[] };

let admin: ReturnType<typeof jsonApi>; // root (Anne de Vries, company 1)
let beheerder: ReturnType<typeof jsonApi>; // company admin of Zuiderhaven (Bram Jansen, id 2)
let gebruiker: ReturnType<typeof jsonApi>; // Carla Bakker (id 3), no user.view
let noordbroek: ReturnType<typeof jsonApi>; // company admin of Noordbroek
let gebruikerSession: HttpSession;
const roleId = new Map<string, number>();

beforeAll(async () => {
  admin = jsonApi(await sessionFor(t.db, t.session(), 'admin@demo.impulz.nl'));
  beheerder = jsonApi(await loginAs(t.session(), 'beheerder@demo.impulz.nl'));
  gebruikerSession = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  gebruiker = jsonApi(gebruikerSession);
  noordbroek = jsonApi(await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl'));
  for (const r of await t.db.select().from(roles)) roleId.set(r.name, r.id);
});

async function newUser(email: string, extra: Record<string, unknown> = {}) {
  const res = await beheerder.post<One>('/user', { fullname: 'Test Persoon', email, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('GET user', () => {
  it('lists the own company with last login and two-factor state; kinds demo and api; another company never shows', async () => {
    const list = await beheerder.get<Many>('/user');
    expect(list.status).toBe(200);
    expect(list.body.data.every((u) => u.company_id === 1)).toBe(true);
    const carla = list.body.data.find((u) => u.email === 'gebruiker@demo.impulz.nl')!;
    expect(carla.last_login_at).not.toBeNull();
    expect(list.body.data.find((u) => u.email === 'admin@demo.impulz.nl')!.two_factor).toBe(true);
    expect(list.body.data.some((u) => u.demo_expires_at !== null)).toBe(false);
    expect(list.text).not.toMatch(/Noordbroek|Daan Visser|password_hash|passwordHash/);

    const demo = await beheerder.get<Many>('/user?kind=demo');
    expect(demo.body.data.map((u) => [u.email, u.demo_expired])).toEqual(
      expect.arrayContaining([['demo@demo.impulz.nl', false], ['demo-verlopen@demo.impulz.nl', true]]),
    );
    const api = await beheerder.get<Many & { data: { active_tokens: number }[] }>('/user?kind=api');
    expect(api.body.data.map((u) => u.email)).toEqual(['api@demo.impulz.nl']);
    expect(api.body.data[0]!.active_tokens).toBe(1);

    expect((await noordbroek.get('/user')).text).not.toMatch(/Zuiderhaven|Bram Jansen|Carla Bakker/);
    expect((await gebruiker.get('/user')).status).toBe(403);
    expect((await beheerder.get('/user?kind=alles')).status).toBe(422);
    const all = await admin.get<Many>('/user/index-items/all');
    expect(new Set(all.body.data.map((u) => u.company_id))).toEqual(new Set([1, 2, 3]));
    // Without 'all' a root user picks from their own company; a company admin gets the same either way.
    expect(new Set((await admin.get<Many>('/user/index-items')).body.data.map((u) => u.company_id))).toEqual(new Set([1]));
    const items = await noordbroek.get<Many>('/user/index-items/all');
    expect(items.status).toBe(200);
    expect(new Set(items.body.data.map((u) => u.company_id))).toEqual(new Set([2]));
    expect(items.body.data.map((u) => u.id).sort()).toEqual((await noordbroek.get<Many>('/user/index-items')).body.data.map((u) => u.id).sort());
    expect((await gebruiker.get('/user/index-items')).status).toBe(403);
  });

  it('reads the own profile with a login only, another user with user.view, another company never (404)', async () => {
    const own = await gebruiker.get<One>('/user/3');
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ fullname: 'Carla Bakker', editable: false });
    expect((await gebruiker.get('/user/2')).status).toBe(403);
    const carla = await beheerder.get<One>('/user/3');
    expect(carla.body.data).toMatchObject({ editable: true, group_id: 3 });
    expect(carla.body.data.roles.map((r) => r.name)).toContain('dashboard.view');
    expect((await beheerder.get('/user/5')).status).toBe(404);
    expect((await beheerder.get('/user/2/admin')).body).toMatchObject({ data: [{ fullname: 'Bram Jansen' }] });
    const projects = await beheerder.get<{ data: { title: string }[] }>('/user/3/project');
    expect(projects.body.data.map((p) => p.title)).toContain('Burgerpeiling Zuiderhaven 2026');
    expect((await beheerder.get('/user/5/project')).status).toBe(404);
  });
});

describe('POST user', () => {
  it('creates a user with a generated password shown once, who must change it at the first login', async () => {
    const created = await newUser('nieuw.medewerker@zuiderhaven.nl', { group_id: 3 });
    expect(created).toMatchObject({ company_id: 1, group_id: 3, must_change_password: true });
    const password = created.password!;
    expect(password).toHaveLength(GENERATED_PASSWORD.length);
    expect(password).toMatch(/[a-z]/);
    expect(password).toMatch(/[A-Z]/);
    expect(password).toMatch(/[2345679]/);
    expect(password).toMatch(/[?&%!$@]/);
    // Shown once: reading the user again never carries it.
    expect((await beheerder.get(`/user/${created.id}`)).text).not.toContain(password);

    const s = await loginAs(t.session(), 'nieuw.medewerker@zuiderhaven.nl', password);
    const boot = (await (await s.get('/portal/api/v2/bootstrap')).json()) as { data: { user: { data: { must_change_password: boolean } } } };
    expect(boot.data.user.data.must_change_password).toBe(true);
    expect((await s.get('/portal/api/v2/report')).status).toBe(403);
    const changed = await s.post('/portal/auth/password/change', { current_password: password, password: 'Eigen-Wachtwoord-2026', password_confirmation: 'Eigen-Wachtwoord-2026' });
    expect(changed.status).toBe(200);
    expect((await s.get('/portal/api/v2/report')).status).toBe(200);
  });

  it('refuses a group or a role above the creator’s own, another company, a taken address and bad input', async () => {
    const above = await beheerder.post<One>('/user', { fullname: 'Te Hoog', email: 'te.hoog@zuiderhaven.nl', group_id: 1 });
    expect(above.status).toBe(403);
    expect(above.body.message).toBe('U kunt geen gebruikersgroep toekennen met meer rechten dan uw eigen groep.');
    const role = await beheerder.post<One>('/user', { fullname: 'Te Veel', email: 'te.veel@zuiderhaven.nl', role_ids: [roleId.get('admin.view')] });
    expect(role.status).toBe(403);
    expect(role.body.message).toBe('U kunt geen rol toekennen die u zelf niet heeft.');
    expect((await beheerder.post('/user', { fullname: 'Elders', email: 'elders@zuiderhaven.nl', company_id: 2 })).status).toBe(403);
    const taken = await beheerder.post<One>('/user', { fullname: 'Dubbel', email: 'GEBRUIKER@demo.impulz.nl' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.email).toEqual(['Er bestaat al een account met dit e-mailadres.']);
    const bad = await beheerder.post<One>('/user', { fullname: 'X', email: 'geen-adres' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ fullname: ['Voer minimaal 2 karakters in'], email: ['Voer een geldig e-mailadres in'] });
    expect((await gebruiker.post('/user', { fullname: 'Nee', email: 'nee@zuiderhaven.nl' })).status).toBe(403);
    // Root users create in any company.
    const there = await admin.post<One>('/user', { fullname: 'Nieuw Noordbroek', email: 'nieuw@noordbroek.nl', company_id: 2 });
    expect(there.status).toBe(201);
    expect(there.body.data.company_id).toBe(2);
  });
});

describe('PUT user/{id} and its group, roles, LimeSurvey id, password', () => {
  it('changes name and e-mail of a managed user; one’s own name only; another company is a 404', async () => {
    const u = await newUser('hernoemen@zuiderhaven.nl');
    const res = await beheerder.put<One>(`/user/${u.id}`, { fullname: 'Nieuwe Naam', email: 'Nieuw.Adres@zuiderhaven.nl' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fullname: 'Nieuwe Naam', email: 'nieuw.adres@zuiderhaven.nl' });
    expect((await gebruiker.put<One>('/user/3', { fullname: 'Carla B.' })).body.data.fullname).toBe('Carla B.');
    expect((await gebruiker.put('/user/3', { email: 'ander@zuiderhaven.nl' })).status).toBe(403);
    expect((await beheerder.put('/user/5', { fullname: 'Overgenomen' })).status).toBe(404);
    expect((await beheerder.put(`/user/${u.id}`, { email: 'admin@demo.impulz.nl' })).status).toBe(409);
  });

  it('changes groups only up to the actor’s own, never the actor’s own group, never a root user', async () => {
    const u = await newUser('groep@zuiderhaven.nl');
    const up = await beheerder.put<One>(`/user/${u.id}/group/1`);
    expect(up.status).toBe(403);
    expect((await t.db.select().from(users).where(eq(users.id, u.id)))[0]!.groupId).toBe(3);
    expect((await beheerder.put<One>(`/user/${u.id}/group/2`)).body.data.group_id).toBe(2);
    const self = await beheerder.put<One>('/user/2/group/3');
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('U kunt uw eigen rechten niet verlagen.');
    const root = await beheerder.put<One>('/user/1/group/3');
    expect(root.status).toBe(403);
    expect(root.body.message).toBe('U kunt geen gebruiker beheren met meer rechten dan uzelf.');
    expect((await beheerder.put(`/user/${u.id}/group/9`)).status).toBe(404);
    expect((await noordbroek.put(`/user/${u.id}/group/3`)).status).toBe(404);
    // Moving someone into Admin asks them to set up two-factor.
    const promoted = await admin.put<One>(`/user/${u.id}/group/1`);
    expect(promoted.status).toBe(200);
    expect((await t.db.select().from(users).where(eq(users.id, u.id)))[0]!.mustEnable2fa).toBe(true);
  });

  it('attaches and detaches only roles the actor holds, never the actor’s own', async () => {
    const u = await newUser('rollen@zuiderhaven.nl');
    const escalate = await beheerder.put<One>(`/user/${u.id}/role/${roleId.get('admin.view')}`);
    expect(escalate.status).toBe(403);
    const gave = await beheerder.put<One>(`/user/${u.id}/role/${roleId.get('user.view')}`);
    expect(gave.status).toBe(200);
    expect(gave.body.data.roles.map((r) => r.name)).toContain('user.view');
    const took = await beheerder.del<One>(`/user/${u.id}/role/${roleId.get('user.view')}`);
    expect(took.body.data.roles.map((r) => r.name)).not.toContain('user.view');
    expect((await beheerder.del(`/user/2/role/${roleId.get('user.view')}`)).status).toBe(409);
    expect((await beheerder.put(`/user/${u.id}/role/99999`)).status).toBe(404);
    // Root users give any role.
    expect((await admin.put(`/user/${u.id}/role/${roleId.get('admin.view')}`)).status).toBe(200);
  });

  it('stores the LimeSurvey user id for group Admin only', async () => {
    expect((await beheerder.put('/user/3/lime/42')).status).toBe(403);
    const set = await admin.put<One>('/user/3/lime/42');
    expect(set.status).toBe(200);
    expect(set.body.data.lime_user_id).toBe(42);
    expect((await admin.put<One>('/user/3/lime/43')).body.data.lime_user_id).toBe(43);
    expect((await admin.del<One>('/user/3/lime')).body.data.lime_user_id).toBeNull();
    expect((await admin.put('/user/3/lime/abc')).status).toBe(404);
  });

  it('sets a temporary password: the user’s sessions end and a new password is required', async () => {
    const u = await newUser('vergeten@zuiderhaven.nl');
    const own = await loginAs(t.session(), 'vergeten@zuiderhaven.nl', u.password!);
    const typed = await beheerder.put<One>(`/user/${u.id}/password`, { password: 'zwak' });
    expect(typed.status).toBe(422);
    const set = await beheerder.put<{ data: { password: string; must_change_password: boolean } }>(`/user/${u.id}/password`);
    expect(set.status).toBe(200);
    expect(set.body.data.password).toHaveLength(16);
    expect((await own.get('/portal/api/v2/bootstrap')).status).toBe(401);
    expect((await t.session().login('vergeten@zuiderhaven.nl', u.password!)).status).toBe(422);
    const again = await loginAs(t.session(), 'vergeten@zuiderhaven.nl', set.body.data.password);
    const boot = (await (await again.get('/portal/api/v2/bootstrap')).json()) as { data: { user: { data: { must_change_password: boolean } } } };
    expect(boot.data.user.data.must_change_password).toBe(true);
    expect((await beheerder.put('/user/2/password')).status).toBe(409);
    expect((await beheerder.put('/user/1/password')).status).toBe(403);
  });
});

describe('DELETE user/{id}', () => {
  it('soft-deletes: sessions end, login is refused, an admin restores the user', async () => {
    const u = await newUser('vertrekt@zuiderhaven.nl');
    const s = await loginAs(t.session(), 'vertrekt@zuiderhaven.nl', u.password!);
    expect((await s.get('/portal/api/v2/bootstrap')).status).toBe(200);
    const res = await beheerder.del(`/user/${u.id}`);
    expect(res.status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    expect((await s.get('/portal/api/v2/bootstrap')).status).toBe(401);
    expect((await t.session().login('vertrekt@zuiderhaven.nl', u.password!)).status).toBe(422);
    expect((await beheerder.get<Many>('/user')).body.data.map((x) => x.id)).not.toContain(u.id);
    expect((await beheerder.get<Many>('/user?deleted=1')).body.data.map((x) => x.id)).toContain(u.id);
    expect((await beheerder.get(`/user/${u.id}`)).status).toBe(404);

    expect((await noordbroek.put(`/user/${u.id}/restore`)).status).toBe(404);
    expect((await beheerder.put(`/user/${u.id}/restore`)).status).toBe(200);
    expect((await loginAs(t.session(), 'vertrekt@zuiderhaven.nl', u.password!)).cookies.has('impulz_session')).toBe(true);
    expect((await beheerder.put('/user/3/restore')).status).toBe(404);
  });

  it('refuses deleting oneself, the last admin, a user with more rights and another company’s user', async () => {
    const self = await beheerder.del<One>('/user/2');
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('U kunt uw eigen account niet verwijderen.');
    const last = await admin.del<One>('/user/2');
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('Een organisatie moet minstens één beheerder houden. Maak eerst iemand anders beheerder.');
    expect((await t.db.select().from(users).where(eq(users.id, 2)))[0]!.deletedAt).toBeNull();
    expect((await beheerder.del('/user/1')).status).toBe(403);
    expect((await beheerder.del('/user/5')).status).toBe(404);
    expect((await gebruiker.del('/user/4')).status).toBe(403);
  });
});

describe('demo users', () => {
  it('reads only the chosen projects until the end date, gets no write roles, and cannot log in afterwards', async () => {
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const tooLong = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    expect((await beheerder.post<One>('/user', { fullname: 'Prospect', email: 'prospect@voorbeeld.nl', demo_expires_at: day })).body.errors).toMatchObject({ project_ids: ['Selecteer minimaal 1 optie'] });
    expect((await beheerder.post<One>('/user', { fullname: 'Prospect', email: 'prospect@voorbeeld.nl', demo_expires_at: tooLong, project_ids: [1] })).status).toBe(422);
    expect((await beheerder.post<One>('/user', { fullname: 'Prospect', email: 'prospect@voorbeeld.nl', demo_expires_at: day, project_ids: [6] })).status).toBe(422);
    const demo = await newUser('prospect@voorbeeld.nl', { demo_expires_at: day, project_ids: [1] });
    expect(demo).toMatchObject({ group_id: 3, must_change_password: false });
    expect(demo.roles.map((r) => r.name).sort()).toEqual(['dashboard.access', 'dashboard.export', 'dashboard.filter', 'dashboard.view', 'project.access', 'project.view', 'user.access']);
    expect((await beheerder.get<Many>('/user?kind=demo')).body.data.map((u) => u.email)).toContain('prospect@voorbeeld.nl');

    const s = jsonApi(await loginAs(t.session(), 'prospect@voorbeeld.nl', demo.password!));
    const projects = await s.get<{ data: { id: number }[] }>('/project');
    expect(projects.body.data.map((p) => p.id)).toEqual([1]);
    expect((await s.get('/report/1')).status).toBe(200);
    expect((await s.put('/report/1', { title: 'Veranderd' })).status).toBe(403);
    expect((await s.post('/report', { project_id: 1, title: 'Nieuw' })).status).toBe(403);

    expect((await beheerder.put(`/user/${demo.id}/role/${roleId.get('dashboard.edit')}`)).status).toBe(422);
    expect((await beheerder.put(`/user/${demo.id}/group/2`)).status).toBe(422);
    expect((await beheerder.put(`/company/1/admin/${demo.id}`)).status).toBe(422);

    await t.db.update(users).set({ demoExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.id, demo.id));
    expect((await s.get('/bootstrap')).status).toBe(401);
    const refused = await t.session().login('prospect@voorbeeld.nl', demo.password!);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Dit demo-account is verlopen op \d+ \w+ \d{4}\.$/);
    // A wrong password never tells that the account exists.
    expect(((await (await t.session().login('prospect@voorbeeld.nl', 'Fout-Wachtwoord-1')).json()) as { message: string }).message).toBe('Deze combinatie van e-mailadres en wachtwoord is bij ons niet bekend.');
    expect((await beheerder.put<One>(`/user/${demo.id}`, { demo_expires_at: day })).status).toBe(200);
    expect((await loginAs(t.session(), 'prospect@voorbeeld.nl', demo.password!)).cookies.has('impulz_session')).toBe(true);
    expect((await beheerder.put('/user/3', { demo_expires_at: day })).status).toBe(422);
  });

  it('the seeded expired demo account cannot log in', async () => {
    expect((await t.session().login('demo-verlopen@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(422);
    expect((await loginAs(t.session(), 'demo@demo.impulz.nl')).cookies.has('impulz_session')).toBe(true);
    expect((await userByEmail(t.db, 'demo@demo.impulz.nl'))!.demoExpiresAt).not.toBeNull();
  });
});
