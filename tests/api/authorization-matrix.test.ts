import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { hashPassword } from '../../src/server/auth/password';
import { createSession } from '../../src/server/auth/sessions';
import { users } from '../../src/server/db/schema';
import { accessOf, publicAccess, type Access } from '../../src/server/middleware/guards';
import { GROUPS, hasRole, PANEL_MEMBER_ROLES, type Role } from '../../src/shared/permissions';
import { createAccount } from '../../src/server/services/auth/create-account';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
import { loginAs, userByEmail } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

interface ApiRoute {
  method: string;
  path: string;
  access: Access | undefined;
}

/** Every API route (not middleware) of an app, with the access rule its guard declares. */
function apiRoutesOf(app: { routes: { method: string; path: string; handler: unknown }[] }): ApiRoute[] {
  const byKey = new Map<string, ApiRoute>();
  for (const r of app.routes) {
    if (r.method === 'ALL' || !/^\/portal\/(api\/v2|auth)\//.test(r.path)) continue;
    const key = `${r.method} ${r.path}`;
    const route = byKey.get(key) ?? { method: r.method, path: r.path, access: undefined };
    route.access ??= accessOf(r.handler);
    byKey.set(key, route);
  }
  return [...byKey.values()];
}

// Seeded rows of company 1 (scripts/seed/data.ts, scripts/seed/accounts.ts) for path parameters.
function fillPath(path: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => (/^(uid|userId|user_id)$/.test(name) ? '3' : '1'));
}

// What one company may never see of another (names and e-mail addresses).
const MARKERS: Record<number, RegExp> = {
  1: /Zuiderhaven|Anne de Vries|Bram Jansen|Carla Bakker|gebruiker@demo\.impulz\.nl/,
  2: /Noordbroek|Daan Visser/,
  3: /De Linde|Eva Smit/,
};
const othersOf = (companyId: number) => Object.entries(MARKERS).filter(([id]) => Number(id) !== companyId).map(([, re]) => re);

interface Caller {
  name: string;
  email?: string;
  companyId?: number;
  isRoot?: boolean;
  roles: readonly string[];
  session?: HttpSession;
}

const routes = apiRoutesOf(t.app);
const callers: Caller[] = [
  { name: 'anoniem', roles: [] },
  { name: 'zonder rollen', email: 'zonder-rollen@demo.impulz.nl', companyId: 1, roles: [] },
  { name: 'andere organisatie (Beheerder Noordbroek)', email: 'beheerder@noordbroek.demo.impulz.nl', companyId: 2, roles: [] },
  { name: 'Api', email: 'api@demo.impulz.nl', companyId: 1, roles: [] },
  { name: 'Gebruiker', email: 'gebruiker@demo.impulz.nl', companyId: 1, roles: [] },
  // A citizen who registered through a panel link (group Panellid, panel.access and user.access).
  { name: 'Panellid', email: 'panellid@example.nl', companyId: 1, roles: [] },
  { name: 'Beheerder', email: 'beheerder@demo.impulz.nl', companyId: 1, roles: [] },
  { name: 'Admin (root, tweestaps)', email: 'admin@demo.impulz.nl', companyId: 1, isRoot: true, roles: [] },
];

async function login(caller: Caller) {
  const s = t.session();
  if (!caller.email) {
    await s.csrf();
    caller.session = s;
    return;
  }
  await loginAs(s, caller.email);
  const boot = (await (await s.get('/portal/api/v2/bootstrap')).json()) as { data: { user: { data: { roles: string[] } } } };
  caller.roles = boot.data.user.data.roles;
  caller.session = s;
}

beforeAll(async () => {
  await t.db.insert(users).values({
    companyId: 1,
    groupId: 3,
    email: 'zonder-rollen@demo.impulz.nl',
    fullname: 'Zonder Rollen',
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  await createAccount(t.db, { companyId: 1, groupId: GROUPS.Panellid, email: 'panellid@example.nl', fullname: 'Pim Panellid', password: DEMO_PASSWORD, roles: PANEL_MEMBER_ROLES, panelId: 1 }, new Date());
  for (const caller of callers) await login(caller);
}, 30_000);

async function call(caller: Caller, route: ApiRoute) {
  const s = caller.session!;
  const path = fillPath(route.path);
  const res = route.method === 'GET' ? await s.get(path) : await s.fetch(path, { method: route.method, json: {} });
  const body = await res.text();
  // Routes that end the session (logout) must not spoil the next call of this caller: a new
  // session straight in the database (the admin's TOTP can't be replayed within its window).
  if (caller.email && !s.cookies.has('impulz_session')) {
    const user = await userByEmail(t.db, caller.email);
    const { token } = await createSession(t.db, user!.id, { ip: null, userAgent: null });
    s.cookies.set('impulz_session', token);
    await s.csrf();
  }
  return { status: res.status, body };
}

describe('authorisation matrix', { timeout: 30_000 }, () => {
  it('finds the API routes and every one declares its access with a guard', () => {
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.path}`);
    expect(missing, 'routes without requireUser/requireRole/publicAccess').toEqual([]);
  });

  it('would notice a route without a guard', () => {
    const app = new Hono().get('/portal/api/v2/zonder-guard', (c) => c.text('x')).get('/portal/auth/met', publicAccess, (c) => c.text('x'));
    expect(apiRoutesOf(app).filter((r) => !r.access).map((r) => r.path)).toEqual(['/portal/api/v2/zonder-guard']);
  });

  it('lets the other company reach no row of company 1 by id (before anyone changed the rows)', async () => {
    const other = callers[2]!;
    const withIds = routes.filter((r) => r.path.includes(':') && r.access?.kind !== 'public');
    expect(withIds.length).toBeGreaterThan(0);
    for (const route of withIds) {
      const { status, body } = await call(other, route);
      expect(status, `${route.method} ${route.path}`).toBeGreaterThanOrEqual(400);
      expect(status, `${route.method} ${route.path}`).toBeLessThan(500);
      expect(body).not.toMatch(MARKERS[1]!);
    }
  });

  // Row-level access must not be an oracle: company 1's ids answer the other company exactly like
  // ids that exist nowhere (404, or 403 without the role), so a new route whose service forgets
  // the tenant scope shows up here without being listed.
  it("answers the other company for company 1's ids exactly as for ids that don't exist", async () => {
    const other = callers[2]!;
    const NON_ROW = new Set(['version', 'lang', 'resource', 'field', 'g']);
    const missing = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, (m, name: string) => (NON_ROW.has(name) ? m : ':nope'));
    const withIds = routes.filter((r) => r.access?.kind !== 'public' && missing(r.path).includes(':nope'));
    expect(withIds.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const route of withIds) {
      // Theme 1 is a system theme everyone sees (changing it: 403); theme 4 is company 1's own.
      const theirs = await call(other, { ...route, path: route.path.replace(/\/theme\/:(id|tid)/, '/theme/4') });
      const nowhere = await call(other, { ...route, path: missing(route.path).replaceAll(':nope', '987654') });
      const where = `${route.method} ${route.path}: company 1's id → ${theirs.status}, missing id → ${nowhere.status}`;
      if (theirs.status !== nowhere.status) problems.push(where);
      // A write may refuse the (empty) body first (422): that answer doesn't depend on the row either.
      const allowed = route.method === 'GET' ? [403, 404] : [403, 404, 400, 422];
      if (!allowed.includes(theirs.status)) problems.push(`${where} (expected 404, or 403 without the role)`);
    }
    expect(problems).toEqual([]);
  });

  // Issue 34 item 5: a panel member is no staff. Every route answers it with a refusal except its
  // own account and panel pages and the calls every login has; no answer carries staff data.
  // (Before the callers' loop: root's destructive calls there delete panel 1 and with it this account.)
  it('gives a panel member no staff data and no silent success', async () => {
    const member = callers.find((c) => c.name === 'Panellid')!;
    const me = (await userByEmail(t.db, member.email!))!;
    const staff = /Anne de Vries|Bram Jansen|Carla Bakker|Koppeling Zuiderhaven|gebruiker@demo\.impulz\.nl|beheerder@demo\.impulz\.nl|admin@demo\.impulz\.nl/;
    // What a panel member may do: the calls open to every login, its own profile and its panels.
    const open = (r: ApiRoute) => r.access?.kind === 'public' || r.access?.kind === 'login' || (r.access?.kind === 'role' && hasRole({ groupId: GROUPS.Panellid, roles: member.roles }, r.access.roles as Role[]));
    const problems: string[] = [];
    let refused = 0;
    for (const route of routes.filter((r) => r.path.startsWith('/portal/api/v2/'))) {
      const own = { ...route, path: fillPath(route.path).replace(/\/user\/1(?=\/|$)/, `/user/${me.id}`) };
      const { status, body } = await call(member, own);
      if (staff.test(body)) problems.push(`${route.method} ${route.path} → ${status} (staff data)`);
      if (!open(route)) {
        if (status !== 403) problems.push(`${route.method} ${route.path} → ${status} (expected 403)`);
        else refused++;
      }
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(200);
  });

  // Lowest rights first, root last, so destructive calls of the admin can't hide others' answers.
  it.each(callers.map((c) => [c.name, c] as const))('answers %s as declared, without leaking other companies', async (_, caller) => {
    const problems: string[] = [];
    for (const route of routes) {
      const { status, body } = await call(caller, route);
      const where = `${caller.name}: ${route.method} ${route.path} → ${status}`;
      const access = route.access!;
      if (status >= 500) problems.push(`${where} (server error)`);
      if (access.kind === 'public') {
        // open to everyone; only "no 5xx" and "no leak" apply
      } else if (!caller.email) {
        if (status !== 401) problems.push(`${where} (expected 401)`);
      } else if (access.kind === 'role' && !hasRole({ groupId: 4, roles: caller.roles }, access.roles as Role[])) {
        if (status !== 403) problems.push(`${where} (expected 403 before anything else)`);
      } else {
        if (status === 401) problems.push(`${where} (logged in, got 401)`);
        if (route.method === 'GET' && !route.path.includes(':') && !route.path.endsWith('.csv') && (status < 200 || status > 299)) {
          problems.push(`${where} (expected 2xx for a permitted list/read)`);
        }
      }
      if (caller.companyId && !caller.isRoot) {
        for (const marker of othersOf(caller.companyId)) if (marker.test(body)) problems.push(`${where} (leaks ${marker})`);
      }
    }
    expect(problems).toEqual([]);
  });

  describe('no silent success (probe findings 5 and 6)', () => {
    it("refuses every write of the read-only demo account, its own profile included, with 403 and a Dutch sentence; nothing changes", async () => {
      const demo = await loginAs(t.session(), 'demo@demo.impulz.nl');
      const me = (await userByEmail(t.db, 'demo@demo.impulz.nl'))!;
      const own = await demo.fetch(`/portal/api/v2/user/${me.id}`, { method: 'PUT', json: { fullname: 'Gewijzigd' } });
      expect(own.status).toBe(403);
      expect(((await own.json()) as { message: string }).message).toBe('Dit is een demo-account: u kunt alles bekijken maar niets wijzigen.');
      expect((await userByEmail(t.db, 'demo@demo.impulz.nl'))!.fullname).toBe(me.fullname);
      const reads = [/^\/portal\/api\/v2\/data\//, /^\/portal\/api\/v2\/report\/:id\/filterCategory$/, /^\/portal\/api\/v2\/report\/:id\/export(\/chart)?$/, /^\/portal\/api\/v2\/public\//];
      const writes = routes.filter((r) => r.method !== 'GET' && r.path.startsWith('/portal/api/v2/') && !reads.some((re) => re.test(r.path)));
      expect(writes.length).toBeGreaterThan(100);
      const problems: string[] = [];
      for (const route of writes) {
        const path = fillPath(route.path).replace(/\/user\/3(?=\/|$)/, `/user/${me.id}`);
        const res = await demo.fetch(path, { method: route.method, json: { fullname: 'Gewijzigd' } });
        if (res.status !== 403) problems.push(`${route.method} ${route.path} → ${res.status}`);
      }
      for (const path of ['/portal/auth/password/change', '/portal/auth/panel/join']) {
        const res = await demo.fetch(path, { method: 'POST', json: {} });
        if (res.status !== 403) problems.push(`POST ${path} → ${res.status}`);
      }
      expect(problems).toEqual([]);
      expect((await userByEmail(t.db, 'demo@demo.impulz.nl'))!.fullname).toBe(me.fullname);
      // Reading still works — the benchmark menu's counts for chosen filters too — and so does logging out.
      expect((await demo.get('/portal/api/v2/bootstrap')).status).toBe(200);
      // (The matrix above may have deleted report 1 by now: the point is that the demo rule lets the call through.)
      const menu = await demo.fetch('/portal/api/v2/report/1/filterCategory', { method: 'POST', json: { selectedFilterOptions: [] } });
      expect(menu.status).not.toBe(403);
      expect(await menu.text()).not.toContain('demo-account');
      expect((await demo.fetch('/portal/auth/logout', { method: 'POST', json: {} })).status).toBeLessThan(300);
    });

    it('answers a field the caller may not change with 403 naming it, never 200 with nothing done', async () => {
      const beheerder = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
      for (const [field, value] of [['group_id', 1], ['role_ids', [1]], ['is_root', true], ['password', 'Geheim-wachtwoord-1!'], ['company_admin', true]] as const) {
        const res = await beheerder.fetch('/portal/api/v2/user/3', { method: 'PUT', json: { fullname: 'Carla Bakker', [field]: value } });
        expect(res.status, field).toBe(403);
        const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
        expect(body.message).toBe(`Het veld '${field}' kunt u hier niet wijzigen.`);
        expect(Object.keys(body.errors)).toEqual([field]);
      }
      const carla = (await userByEmail(t.db, 'gebruiker@demo.impulz.nl'))!;
      expect(carla.groupId).toBe(3);
      expect(carla.isRoot).toBe(false);
    });
  });
});
