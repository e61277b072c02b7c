import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEffectiveTheme } from '../../src/server/services/themes/effective-theme';
import { themeStylesheet } from '../../src/server/services/themes/theme-stylesheet';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { API, jsonApi, sessionFor } from '../helpers/manage';
import { createSurveyTestApp } from '../helpers/survey-test-app';

const t = createSurveyTestApp();
afterAll(() => t.close());

type Theme = { id: number; company_id: number | null; name: string; type: string; default: boolean; theme: Record<string, unknown>; attached?: boolean; in_use?: boolean; editable?: boolean; has_image: boolean };
type One = { data: Theme; message?: string; errors?: Record<string, string[]> };

let admin: ReturnType<typeof jsonApi>;
let beheerder: ReturnType<typeof jsonApi>;
let beheerderSession: HttpSession;
let gebruikerSession: HttpSession;
let noordbroek: ReturnType<typeof jsonApi>;
beforeAll(async () => {
  admin = jsonApi(await sessionFor(t.db, t.session(), 'admin@demo.impulz.nl'));
  beheerderSession = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  beheerder = jsonApi(beheerderSession);
  gebruikerSession = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  noordbroek = jsonApi(await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl'));
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);
function upload(s: HttpSession, id: number, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], name));
  return s.fetch(`${API}/theme/${id}/image`, { method: 'POST', body: form });
}

describe('themes', () => {
  it('lists the system themes and the own company’s, never another company’s', async () => {
    const list = await beheerder.get<{ data: Theme[] }>('/theme');
    expect(list.body.data.map((th) => th.id).sort()).toEqual([1, 2, 3, 4]);
    expect(list.body.data.find((th) => th.id === 4)).toMatchObject({ attached: true, in_use: false, editable: true });
    expect(list.body.data.find((th) => th.id === 1)).toMatchObject({ default: true, editable: false });
    expect((await noordbroek.get<{ data: Theme[] }>('/theme')).body.data.find((th) => th.id === 5)).toMatchObject({ in_use: true });
    expect((await beheerder.get('/theme?company_id=2')).status).toBe(404);
    expect((await admin.get<{ data: Theme[] }>('/theme?company_id=2')).body.data.map((th) => th.id).sort()).toEqual([1, 2, 3, 5]);
  });

  it('creates a company theme (attached at once) with validated colours; only root users change system themes', async () => {
    const bad = await beheerder.post<One>('/theme', { name: 'Fout', type: 'vue', fields: { primary: 'groen', isDark: 'ja', kleur: '#000000' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ 'fields.primary': ['Voer een kleur in als #rrggbb'], 'fields.isDark': ['Kies licht of donker'] });
    expect((await beheerder.post<One>('/theme', { name: 'Fout', type: 'vue', fields: { kleur: '#000000' } })).status).toBe(422);
    const made = await beheerder.post<One>('/theme', { name: 'Feestelijk', type: 'vue', fields: { primary: '#7A1F5C', gradient1: '#7a1f5c' } });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ company_id: 1, default: false, theme: { primary: '#7a1f5c', gradient1: '#7a1f5c' } });
    const id = made.body.data.id;
    expect((await beheerder.get<{ data: Theme[] }>('/theme')).body.data.find((th) => th.id === id)).toMatchObject({ attached: true, in_use: false });
    // null removes a field: it comes from the default again.
    const cleared = await beheerder.put<One>(`/theme/${id}`, { fields: { gradient1: null, isDark: true } });
    expect(cleared.body.data.theme).toEqual({ primary: '#7a1f5c', isDark: true });
    expect((await beheerder.post<One>('/theme', { name: 'Standaard?', type: 'vue', is_default: true })).status).toBe(422);
    expect((await beheerder.put<One>('/theme/1', { name: 'Eigen standaard' })).status).toBe(403);
    expect((await noordbroek.put(`/theme/${id}`, { name: 'Overgenomen' })).status).toBe(404);
    expect((await noordbroek.del(`/theme/${id}`)).status).toBe(404);

    // Root users make system themes and choose the default each company's theme overlays.
    const system = await admin.post<One>('/theme', { name: 'ImpulZ contrast', type: 'vue', fields: { primary: '#000000' }, is_default: true });
    expect(system.body.data).toMatchObject({ company_id: null, default: true });
    expect((await loadEffectiveTheme(t.db, 3, 'vue')).primary).toBe('#000000');
    const deleteDefault = await admin.del<One>(`/theme/${system.body.data.id}`);
    expect(deleteDefault.status).toBe(409);
    expect(deleteDefault.body.message).toBe('Het standaardthema kan niet worden verwijderd.');
    expect((await admin.put(`/theme/1`, { is_default: true })).status).toBe(200);
    expect((await loadEffectiveTheme(t.db, 3, 'vue')).primary).toBe('#1d4f91');
    expect((await admin.del(`/theme/${system.body.data.id}`)).status).toBe(200);
    expect((await beheerder.del(`/theme/${id}`)).status).toBe(200);
  });

  it('serves the shell stylesheet of the user’s company; a changed theme is a new version', async () => {
    const noordbroekCss = await noordbroek.get('/theme/css');
    expect(noordbroekCss.status).toBe(200);
    expect(noordbroekCss.text).toContain('--colors-brand-DEFAULT:#8a1c3c');
    expect(noordbroekCss.text).toContain('--header-gradient-2:rgb(74 25 66 / 0.7)');
    const res = await gebruikerSession.get(`${API}/theme/css`);
    expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const before = themeStylesheet(await loadEffectiveTheme(t.db, 1, 'vue'));
    expect(await res.text()).toBe(before.css);
    expect((await beheerder.put('/company/1/defaultTheme/4')).status).toBe(200);
    const after = themeStylesheet(await loadEffectiveTheme(t.db, 1, 'vue'));
    expect(after.version).not.toBe(before.version);
    expect(await (await gebruikerSession.get(`${API}/theme/css`)).text()).toContain('--colors-brand-DEFAULT:#0b6e4f');
    expect((await beheerder.del('/company/1/defaultTheme/4')).status).toBe(200);
  });

  it('stores an uploaded header image in R2 and serves it to the company’s users; SVG is refused', async () => {
    const svg = await upload(beheerderSession, 4, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'kop.svg');
    expect(svg.status).toBe(422);
    const res = await upload(beheerderSession, 4, PNG, 'kop.png');
    expect(res.status).toBe(201);
    const theme = ((await res.json()) as One).data;
    expect(theme.has_image).toBe(true);
    expect(theme.theme.headerImage).toMatch(/^\/api\/v2\/theme\/4\/image\?v=[0-9a-f]{8}$/);
    expect(t.bucket.keys().filter((k) => k.startsWith('themes/4/header/'))).toHaveLength(1);
    const image = await gebruikerSession.get(`${API}/theme/4/image`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    expect((await noordbroek.get('/theme/4/image')).status).toBe(404);
    // A second upload replaces the first object.
    expect((await upload(beheerderSession, 4, PNG, 'kop2.png')).status).toBe(201);
    expect(t.bucket.keys().filter((k) => k.startsWith('themes/4/header/'))).toHaveLength(1);
    const removed = await beheerder.del<One>('/theme/4/image');
    expect(removed.body.data.theme).not.toHaveProperty('headerImage');
    expect(t.bucket.keys().filter((k) => k.startsWith('themes/4/header/'))).toHaveLength(0);
    expect((await gebruikerSession.get(`${API}/theme/4/image`)).status).toBe(404);
  });
});
