import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyAdmins } from '../../src/server/db/schema';
import { loadEffectiveTheme } from '../../src/server/services/themes/effective-theme';
import { loginAs } from '../helpers/accounts';
import { jsonApi, sessionFor } from '../helpers/manage';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

type Company = { id: number; name: string; users: number; projects: number; admins: unknown; editable: boolean; themes: { id: number; default: boolean }[] };
type One = { data: Company; message?: string; errors?: Record<string, string[]> };

let admin: ReturnType<typeof jsonApi>;
let beheerder: ReturnType<typeof jsonApi>;
let gebruiker: ReturnType<typeof jsonApi>;
let noordbroek: ReturnType<typeof jsonApi>;
beforeAll(async () => {
  admin = jsonApi(await sessionFor(t.db, t.session(), 'admin@demo.impulz.nl'));
  beheerder = jsonApi(await loginAs(t.session(), 'beheerder@demo.impulz.nl'));
  gebruiker = jsonApi(await loginAs(t.session(), 'gebruiker@demo.impulz.nl'));
  noordbroek = jsonApi(await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl'));
});

describe('reading companies', () => {
  it('lists the own company (root users: all) with counts and admins; another company is a 404', async () => {
    const own = await beheerder.get<{ data: Company[] }>('/company');
    expect(own.body.data).toEqual([expect.objectContaining({ id: 1, name: 'Gemeente Zuiderhaven', admins: ['Bram Jansen'], editable: true })]);
    expect(own.body.data[0]!.users).toBeGreaterThan(3);
    expect((await admin.get<{ data: Company[] }>('/company')).body.data.map((c) => c.id).sort()).toEqual([1, 2, 3]);
    expect((await admin.get<{ data: { id: number }[] }>('/company/index-items/all')).body.data).toHaveLength(3);
    expect((await beheerder.get<{ data: { id: number }[] }>('/company/index-items')).body.data.map((c) => c.id)).toEqual([1]);
    expect((await beheerder.get<{ data: { id: number }[] }>('/company/index-items/all')).body.data.map((c) => c.id)).toEqual([1]);
    expect((await beheerder.get('/company/2')).status).toBe(404);
    const one = await beheerder.get<One & { data: { defaultThemes: unknown[] } }>('/company/1');
    expect(one.body.data).toMatchObject({ id: 1, admins: [{ fullname: 'Bram Jansen' }], themes: [{ id: 4, default: false }], defaultThemes: [] });
    expect((await gebruiker.get('/company')).status).toBe(403);
  });

  it('lists the company’s users, with the last login only when asked (include=logs)', async () => {
    const withLogs = await beheerder.get<{ data: Record<string, unknown>[] }>('/company/1/user?include=logs');
    expect(withLogs.body.data.find((u) => u.email === 'beheerder@demo.impulz.nl')!.last_login_at).not.toBeNull();
    const plain = await beheerder.get<{ data: Record<string, unknown>[] }>('/company/1/user');
    expect(plain.body.data[0]).not.toHaveProperty('last_login_at');
    expect(plain.text).not.toMatch(/Noordbroek/);
    expect((await noordbroek.get('/company/1/user')).status).toBe(404);
    expect((await beheerder.get<{ data: { name: string; members: number }[] }>('/company/1/panel')).body.data).toEqual([
      expect.objectContaining({ name: 'Burgerpanel Zuiderhaven', members: 1 }),
    ]);
    expect((await beheerder.get<{ data: { fullname: string }[] }>('/company/1/admin')).body.data.map((a) => a.fullname)).toEqual(['Bram Jansen']);
  });
});

describe('changing companies', () => {
  it('creates companies for root users only, with Dutch errors', async () => {
    const refused = await beheerder.post<One>('/company', { name: 'Gemeente Nieuwdorp' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Alleen een hoofdbeheerder kan organisaties aanmaken of verwijderen.');
    const made = await admin.post<One>('/company', { name: 'Gemeente Nieuwdorp' });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'Gemeente Nieuwdorp', users: 0, admins: [] });
    const twice = await admin.post<One>('/company', { name: 'gemeente nieuwdorp' });
    expect(twice.status).toBe(409);
    expect(twice.body.errors?.name).toEqual(['Er bestaat al een organisatie met deze naam.']);
    expect((await admin.post<One>('/company', { name: 'x' })).body.errors?.name).toEqual(['Voer minimaal 2 karakters in']);
    // An empty company can be deleted; one with users or projects can't.
    expect((await admin.del(`/company/${made.body.data.id}`)).status).toBe(200);
    expect((await admin.get(`/company/${made.body.data.id}`)).status).toBe(404);
    const full = await admin.del<One>('/company/2');
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Deze organisatie heeft nog gebruikers of projecten en kan niet worden verwijderd.');
    expect((await t.db.select().from(companies).where(eq(companies.id, 2)))[0]!.deletedAt).toBeNull();
    expect((await beheerder.del('/company/1')).status).toBe(403);
  });

  it('lets its admins rename their own company only', async () => {
    expect((await beheerder.put<One>('/company/1', { name: 'Gemeente Zuiderhaven ' })).body.data.name).toBe('Gemeente Zuiderhaven');
    expect((await beheerder.put('/company/2', { name: 'Overgenomen' })).status).toBe(404);
    expect((await beheerder.put('/company/1', { name: 'Gemeente Noordbroek' })).status).toBe(409);
  });

  it('keeps at least one admin, and nobody removes themselves as admin', async () => {
    const self = await beheerder.del<One>('/company/1/admin/2');
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('U kunt uw eigen rechten niet verlagen.');
    const last = await admin.del<One>('/company/1/admin/2');
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('Een organisatie moet minstens één beheerder houden. Maak eerst iemand anders beheerder.');
    const added = await beheerder.put<{ data: { fullname: string }[] }>('/company/1/admin/3');
    expect(added.status).toBe(200);
    expect(added.body.data.map((a) => a.fullname)).toEqual(['Bram Jansen', 'Carla Bakker']);
    expect((await admin.del('/company/1/admin/2')).status).toBe(200);
    expect(await t.db.select().from(companyAdmins).where(eq(companyAdmins.companyId, 1))).toHaveLength(1);
    expect((await admin.put('/company/1/admin/2')).status).toBe(200);
    expect((await beheerder.put<One>('/company/1/admin/5')).status).toBe(422);
    expect((await beheerder.del('/company/1/admin/4')).status).toBe(404);
    expect((await noordbroek.put('/company/1/admin/5')).status).toBe(404);
  });

  it('chooses the company’s theme: the default overlaid with it; another company’s theme is not usable', async () => {
    expect((await beheerder.put('/company/1/theme/5')).status).toBe(404);
    expect((await admin.put<One>('/company/1/theme/5')).status).toBe(422);
    expect((await loadEffectiveTheme(t.db, 1, 'vue')).primary).toBe('#1d4f91');
    const used = await beheerder.put<One & { data: { defaultThemes: { id: number }[] } }>('/company/1/defaultTheme/4');
    expect(used.status).toBe(200);
    expect(used.body.data.defaultThemes.map((d) => d.id)).toEqual([4]);
    expect(await loadEffectiveTheme(t.db, 1, 'vue')).toMatchObject({ primary: '#0b6e4f', gradient1: '#0b6e4f', headerImage: '/images/header.svg', isDark: false });
    // Using another vue theme replaces it; detaching the one in use goes back to the default.
    expect((await beheerder.put<One & { data: { defaultThemes: { id: number }[] } }>('/company/1/defaultTheme/2')).body.data.defaultThemes.map((d) => d.id)).toEqual([2]);
    expect((await loadEffectiveTheme(t.db, 1, 'vue')).isDark).toBe(true);
    expect((await beheerder.del('/company/1/theme/2')).status).toBe(200);
    expect((await loadEffectiveTheme(t.db, 1, 'vue')).primary).toBe('#1d4f91');
    expect((await beheerder.del('/company/1/defaultTheme/4')).status).toBe(404);
    expect((await loadEffectiveTheme(t.db, 2, 'vue')).primary).toBe('#8a1c3c');
  });
});
