import { eq } from 'drizzle-orm';
import { decode as decodePng, encode as encodePng } from 'fast-png';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, panelAnswers, panelFields, panels, panelUsers, users } from '../../src/server/db/schema';
import { DEMO_PANEL_TOKEN } from '../../scripts/seed/accounts';
import { loginAs, userByEmail } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
const PASSWORD = 'Sterk-Wachtwoord-2026';

interface Envelope<T> { data: T; meta?: { dutch: string }; alert?: string; message?: string; errors?: Record<string, string[]> }
interface Option { id: number; label: string; order: number }
interface Field { id: number; panel_id: number; type_id: number; name: string; required: boolean; min: number | null; max: number | null; order: number; options: Option[] }
interface Panel { id: number; company_id: number; name: string; description: string; token?: string | null; token_enabled: boolean; registration_url?: string; image_url: string | null; image?: string | null; users_count: number; fields_count: number; fields?: Field[] }
interface Member { id: number; fullname: string; email: string; joined_at: string; answered: number; fields: number; required_missing: number; complete: boolean }

let admin: HttpSession; // Beheerder, company 1
let other: HttpSession; // Beheerder, company 2
let user: HttpSession; // Gebruiker (panel member of panel 1), company 1
let root: HttpSession; // Admin, root

const send = (s: HttpSession, method: string, path: string, body: unknown = {}) => s.fetch(`${API}${path}`, { method, json: body });
const env = async <T>(res: Response) => (await res.json()) as Envelope<T>;
const newPanel = async (name: string) => (await env<Panel>(await send(admin, 'POST', '/panel', { name, description: 'Test' }))).data;
const newField = async (panelId: number, body: Record<string, unknown>) => {
  const res = await send(admin, 'POST', `/panel/${panelId}/field`, body);
  expect(res.status).toBe(201);
  return (await env<Field>(res)).data;
};
const register = async (token: string, email: string, data?: Record<string, unknown>) => {
  const s = t.session();
  await s.csrf();
  const res = await s.post('/portal/auth/panel/register', { token, fullname: 'Nieuw Panellid', email, password: PASSWORD, password_confirmation: PASSWORD, ...(data ? { data } : {}) });
  return { s, res };
};

beforeAll(async () => {
  admin = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  other = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
  user = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  root = await loginAs(t.session(), 'admin@demo.impulz.nl');
}, 60_000);

describe('panels (GET/POST/PUT/DELETE panel)', { timeout: 60_000 }, () => {
  it("lists the own organisation's panels with counts; another organisation's panel is a 404; members without panel.view get 403", async () => {
    const list = await env<Panel[]>(await admin.get(`${API}/panel`));
    expect(list.data.map((p) => p.name)).toContain('Burgerpanel Zuiderhaven');
    expect(list.data.every((p) => p.company_id === 1)).toBe(true);
    const demo = list.data.find((p) => p.id === 1)!;
    expect(demo).toMatchObject({ users_count: 1, fields_count: 4, token: DEMO_PANEL_TOKEN, token_enabled: true, registration_url: `/portal/register/panel/${DEMO_PANEL_TOKEN}` });
    expect(JSON.stringify(list)).not.toMatch(/token_hash|Noordbroek/);
    expect((await other.get(`${API}/panel/1`)).status).toBe(404);
    expect((await other.get(`${API}/panel/1/field`)).status).toBe(404);
    expect((await user.get(`${API}/panel`)).status).toBe(403);
    const items = await env<{ id: number; name: string; fields?: Field[] }[]>(await admin.get(`${API}/panel/index-items?include=fields`));
    expect(items.data.find((p) => p.id === 1)!.fields!.map((f) => f.name)).toEqual(['Leeftijdsgroep', 'Wijk', 'Samenstelling huishouden', 'Aantal jaren in Zuiderhaven']);
    // Root users: their own organisation by default, every organisation with /all.
    expect((await env<{ company_id: number }[]>(await root.get(`${API}/panel/index-items`))).data.every((p) => p.company_id === 1)).toBe(true);
    expect(new Set((await env<{ company_id: number }[]>(await root.get(`${API}/panel/index-items/all`))).data.map((p) => p.company_id))).toEqual(new Set([1, 2]));
  });

  it('reads one panel with its fields and members (include), in Dutch envelopes', async () => {
    const res = await env<Panel & { users: Member[] }>(await admin.get(`${API}/panel/1?include=fields,users`));
    expect(res.meta).toEqual({ dutch: 'Panel' });
    expect(res.data.fields![0]).toMatchObject({ id: 1, name: 'Leeftijdsgroep', required: true, options: [{ id: 1, label: '18 – 34 jaar' }, { label: '35 – 49 jaar' }, { label: '50 – 64 jaar' }, { label: '65 jaar of ouder' }] });
    expect(res.data.users).toEqual([expect.objectContaining({ fullname: 'Carla Bakker', answered: 3, fields: 4, required_missing: 0, complete: true })]);
  });

  it('creates, renames and deletes a panel; validates in Dutch; another organisation cannot touch it', async () => {
    const bad = await send(admin, 'POST', '/panel', { name: '  ' });
    expect(bad.status).toBe(422);
    expect((await env(bad)).errors).toEqual({ name: ['Dit veld mag niet leeg zijn'] });
    expect((await send(admin, 'POST', '/panel', { name: 'x', company_id: 2 })).status).toBe(403);
    expect((await send(user, 'POST', '/panel', { name: 'x' })).status).toBe(403);
    const created = await send(admin, 'POST', '/panel', { name: 'Jongerenpanel', description: 'Voor jongeren' });
    expect(created.status).toBe(201);
    const panel = (await env<Panel>(created)).data;
    expect(panel).toMatchObject({ company_id: 1, name: 'Jongerenpanel', token_enabled: true, users_count: 0 });
    expect(panel.token).toMatch(/^[a-z2-7]{16}$/);
    expect((await send(other, 'PUT', `/panel/${panel.id}`, { name: 'Van mij' })).status).toBe(404);
    expect((await send(other, 'DELETE', `/panel/${panel.id}`)).status).toBe(404);
    const renamed = await send(admin, 'PUT', `/panel/${panel.id}`, { name: 'Jongerenpanel 2026' });
    expect(await env(renamed)).toMatchObject({ alert: 'Panel is opgeslagen', data: { name: 'Jongerenpanel 2026' } });
    expect((await send(admin, 'DELETE', `/panel/${panel.id}`)).status).toBe(200);
    expect((await admin.get(`${API}/panel/${panel.id}`)).status).toBe(404);
    // Root may create for another organisation.
    const forOther = await send(root, 'POST', '/panel', { name: 'Noordbroek jong', company_id: 2 });
    expect((await env<Panel>(forOther)).data.company_id).toBe(2);
  });
});

describe('fields and options', { timeout: 60_000 }, () => {
  it('creates fields per type and refuses what does not fit the type, in Dutch', async () => {
    const panel = await newPanel('Veldenpanel');
    const wrongRange = await send(admin, 'POST', `/panel/${panel.id}/field`, { name: 'Leeftijd', type_id: 3, min: 10, max: 5 });
    expect((await env(wrongRange)).errors).toEqual({ max: ['Het maximum moet groter zijn dan of gelijk aan het minimum'] });
    expect((await env(await send(admin, 'POST', `/panel/${panel.id}/field`, { name: 'Naam', type_id: 1, options: ['a'] }))).errors).toEqual({ options: ['Opties kunnen alleen bij een keuzeveld'] });
    expect((await env(await send(admin, 'POST', `/panel/${panel.id}/field`, { name: 'Naam', type_id: 1, min: 1 }))).errors).toEqual({ min: ['Een bereik kan alleen bij een getalveld'] });
    expect((await env(await send(admin, 'POST', `/panel/${panel.id}/field`, { name: 'Naam', type_id: 99 }))).errors).toEqual({ type_id: ['Kies een geldig veldtype uit de lijst'] });
    const text = await newField(panel.id, { name: 'Beroep', type_id: 1 });
    const choice = await newField(panel.id, { name: 'Wijk', type_id: 6, required: true, options: ['Noord', 'Zuid'] });
    expect(choice).toMatchObject({ order: 1, required: true, options: [{ label: 'Noord', order: 0 }, { label: 'Zuid', order: 1 }] });
    const option = await send(admin, 'POST', `/panel/${panel.id}/field/${choice.id}/option`, { label: 'Oost' });
    expect(option.status).toBe(201);
    expect((await env(await send(admin, 'POST', `/panel/${panel.id}/field/${text.id}/option`, { label: 'x' }))).errors).toEqual({ label: ['Opties kunnen alleen bij een keuzeveld'] });
    // Another panel's field is not this panel's.
    expect((await send(admin, 'PUT', `/panel/${panel.id}/field/1`, { name: 'x' })).status).toBe(404);
    expect((await send(other, 'POST', `/panel/${panel.id}/field`, { name: 'x', type_id: 1 })).status).toBe(404);
    const updated = await env<Field>(await send(admin, 'PUT', `/panel/${panel.id}/field/${text.id}`, { type_id: 3, min: 0, max: 120 }));
    expect(updated.data).toMatchObject({ type_id: 3, min: 0, max: 120 });
  });

  it('refuses a choice field without options: on create, on a switch of type and on removing the last option', async () => {
    const panel = await newPanel('Keuzepanel');
    for (const type_id of [5, 6, 7]) {
      for (const options of [undefined, []]) {
        const res = await send(admin, 'POST', `/panel/${panel.id}/field`, { name: 'Wijk', type_id, ...(options ? { options } : {}) });
        expect(res.status).toBe(422);
        expect((await env(res)).errors).toEqual({ options: ['Een keuzeveld heeft minstens één optie nodig: vul de opties in, één per regel.'] });
      }
    }
    const text = await newField(panel.id, { name: 'Beroep', type_id: 1 });
    const switched = await send(admin, 'PUT', `/panel/${panel.id}/field/${text.id}`, { type_id: 5 });
    expect(switched.status).toBe(422);
    expect((await env(switched)).errors).toEqual({ type_id: [expect.stringContaining('nog geen opties')] });
    const choice = await newField(panel.id, { name: 'Wijk', type_id: 5, options: ['Noord', 'Zuid'] });
    // Between the choice types a switch keeps the options.
    expect((await send(admin, 'PUT', `/panel/${panel.id}/field/${choice.id}`, { type_id: 6 })).status).toBe(200);
    const [noord, zuid] = choice.options.map((o) => o.id);
    expect((await send(admin, 'DELETE', `/panel/${panel.id}/field/${choice.id}/option/${noord}`)).status).toBe(200);
    const last = await send(admin, 'DELETE', `/panel/${panel.id}/field/${choice.id}/option/${zuid}`);
    expect(last.status).toBe(422);
    expect((await env(last)).errors).toEqual({ option: [expect.stringContaining('minstens één optie')] });
    expect((await env<Field>(await admin.get(`${API}/panel/${panel.id}/field/${choice.id}`))).data.options.map((o) => o.id)).toEqual([zuid]);
  });

  it('reorders fields and options by order patches; foreign or missing ids → 422 and nothing changes', async () => {
    const panel = await newPanel('Volgordepanel');
    const a = await newField(panel.id, { name: 'A', type_id: 1 });
    const b = await newField(panel.id, { name: 'B', type_id: 5, options: ['x', 'y', 'z'] });
    const c = await newField(panel.id, { name: 'C', type_id: 4 });
    const foreign = await send(admin, 'PATCH', `/panel/${panel.id}/field/order`, { order: [c.id, 1, a.id] });
    expect(foreign.status).toBe(422);
    expect((await env(foreign)).errors).toEqual({ order: [expect.stringContaining('1')] });
    const unchanged = (await env<Field[]>(await admin.get(`${API}/panel/${panel.id}/field`))).data;
    expect(unchanged.map((f) => f.id)).toEqual([a.id, b.id, c.id]);
    // A partial list puts the listed ids first, the others follow in their current order.
    const ok = await send(admin, 'PATCH', `/panel/${panel.id}/field/order`, { order: [c.id, a.id] });
    expect(await env(ok)).toMatchObject({ alert: 'De volgorde is opgeslagen' });
    expect((await env<Field[]>(await admin.get(`${API}/panel/${panel.id}/field`))).data.map((f) => f.id)).toEqual([c.id, a.id, b.id]);
    const [x, y, z] = b.options.map((o) => o.id);
    expect((await send(admin, 'PATCH', `/panel/${panel.id}/field/${b.id}/option/order`, { order: [z, y, 1] })).status).toBe(422);
    expect((await send(admin, 'PATCH', `/panel/${panel.id}/field/${b.id}/option/order`, { order: [z, x, y] })).status).toBe(200);
    expect((await env<Field>(await admin.get(`${API}/panel/${panel.id}/field/${b.id}`))).data.options.map((o) => o.id)).toEqual([z, x, y]);
    expect((await send(other, 'PATCH', `/panel/${panel.id}/field/order`, { order: [a.id, b.id, c.id] })).status).toBe(404);
  });
});

describe('registration, background data and leaving', { timeout: 60_000 }, () => {
  it('asks the required background fields on registration; the member fills in the rest, validated per type', async () => {
    const panel = await newPanel('Registratiepanel');
    const age = await newField(panel.id, { name: 'Leeftijdsgroep', type_id: 5, required: true, options: ['Jong', 'Oud'] });
    const year = await newField(panel.id, { name: 'Jaren in de gemeente', type_id: 3, min: 0, max: 100 });
    const born = await newField(panel.id, { name: 'Geboortedatum', type_id: 4 });
    const zip = await newField(panel.id, { name: 'Postcode', type_id: 8 });
    const hobbies = await newField(panel.id, { name: 'Hobby', type_id: 7, options: ['Sport', 'Muziek', 'Lezen'] });
    const shown = await env<{ fields: Field[] }>(await (async () => {
      const s = t.session();
      await s.csrf();
      return s.post('/portal/auth/panel', { token: panel.token });
    })());
    expect(shown.data.fields.map((f) => f.name)).toEqual(['Leeftijdsgroep']);

    const missing = await register(panel.token!, 'zonder.gegevens@example.nl');
    expect(missing.res.status).toBe(422);
    expect((await env(missing.res)).errors).toEqual({ [`data.${age.id}`]: ['Dit veld mag niet leeg zijn'] });
    expect(await userByEmail(t.db, 'zonder.gegevens@example.nl')).toBeUndefined();
    expect((await register(panel.token!, 'verkeerd@example.nl', { [age.id]: 1 })).res.status).toBe(422);

    const { s, res } = await register(panel.token!, 'lid@example.nl', { [age.id]: age.options[1]!.id });
    expect(res.status).toBe(201);
    const member = (await userByEmail(t.db, 'lid@example.nl'))!;
    const mine = await env<{ id: number; answers: Record<string, unknown> }[]>(await s.get(`${API}/user/${member.id}/answer`));
    expect(mine.data.find((p) => p.id === panel.id)!.answers).toEqual({ [age.id]: age.options[1]!.id });

    const put = (data: Record<string, unknown>) => send(s, 'PUT', `/user/${member.id}/answer`, { panel_id: panel.id, data });
    const wrong = await put({ [age.id]: age.options[0]!.id, [year.id]: 101, [born.id]: '2026-02-30', [zip.id]: '0123 AB', [hobbies.id]: [hobbies.options[0]!.id, 999999] });
    expect(wrong.status).toBe(422);
    expect((await env(wrong)).errors).toEqual({
      [`data.${year.id}`]: ['De maximale waarde van dit veld is 100'],
      [`data.${born.id}`]: ['Voer een geldige datum in (JJJJ-MM-DD)'],
      [`data.${zip.id}`]: ['Voer een geldige postcode in (bijv. 1234 AB)'],
      [`data.${hobbies.id}`]: ['Kies een of meer van de opties'],
    });
    expect((await env(await put({ [year.id]: 'veel' }))).errors).toMatchObject({ [`data.${age.id}`]: ['Dit veld mag niet leeg zijn'], [`data.${year.id}`]: ['Voer een getal in'] });
    // Nothing was changed by the refused saves.
    expect((await t.db.select().from(panelAnswers).where(eq(panelAnswers.userId, member.id))).map((a) => a.optionId)).toEqual([age.options[1]!.id]);
    const ok = await put({ [age.id]: String(age.options[0]!.id), [year.id]: '12', [born.id]: '1980-05-17', [zip.id]: '1234ab', [hobbies.id]: [hobbies.options[0]!.id, hobbies.options[2]!.id] });
    expect(ok.status).toBe(200);
    expect(await env(ok)).toMatchObject({ alert: 'Uw achtergrondgegevens zijn opgeslagen.', data: { answers: { [age.id]: age.options[0]!.id, [year.id]: 12, [born.id]: '1980-05-17', [zip.id]: '1234 AB', [hobbies.id]: [hobbies.options[0]!.id, hobbies.options[2]!.id] } } });

    // Somebody else's background data are a 404, for the member and the panel's managers alike.
    expect((await send(user, 'PUT', `/user/${member.id}/answer`, { panel_id: panel.id, data: {} })).status).toBe(404);
    expect((await admin.get(`${API}/user/${member.id}/answer`)).status).toBe(404);
    expect((await send(s, 'PUT', `/user/${member.id}/answer`, { panel_id: 1, data: {} })).status).toBe(404);

    // The managers see the member with complete data; the CSV has labels; only the owner exports.
    const members = (await env<Member[]>(await admin.get(`${API}/panel/${panel.id}/user`))).data;
    expect(members).toEqual([expect.objectContaining({ id: member.id, answered: 5, fields: 5, complete: true })]);
    const csv = await admin.get(`${API}/panel/${panel.id}/user/export`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('"Leeftijdsgroep","Jaren in de gemeente","Geboortedatum","Postcode","Hobby"');
    expect(text).toContain('"lid@example.nl"');
    expect(text).toContain('"Jong","12","1980-05-17","1234 AB","Sport; Lezen"');
    // A root user of another organisation sees the members but cannot export their personal data.
    expect((await root.get(`${API}/panel/2/user`)).status).toBe(200);
    expect((await root.get(`${API}/panel/2/user/export`)).status).toBe(403);
    expect((await other.get(`${API}/panel/${panel.id}/user`)).status).toBe(404);

    // Own data (JSON download).
    const own = await s.get(`${API}/user/${member.id}/panel-data`);
    expect(own.headers.get('content-disposition')).toMatch(/attachment; filename="mijn-panelgegevens-\d{4}-\d{2}-\d{2}\.json"/);
    const data = (await own.json()) as { account: { email: string }; panels: { name: string; background: { field: string; answer: unknown }[] }[] };
    expect(data.account.email).toBe('lid@example.nl');
    expect(data.panels[0]!.background).toContainEqual({ field: 'Hobby', answer: ['Sport', 'Lezen'] });
    // The member's own download is audited like an organisation's export of the same data.
    expect(await t.db.select({ userId: auditLog.userId, resourceId: auditLog.resourceId }).from(auditLog).where(eq(auditLog.action, 'panel.member.data'))).toEqual([{ userId: member.id, resourceId: member.id }]);
    expect((await admin.get(`${API}/user/${member.id}/panel-data`)).status).toBe(404);

    // Leaving: membership, answers and (a respondent-only) account are gone.
    const left = await send(s, 'DELETE', `/panel/${panel.id}/user/${member.id}`);
    expect(await env(left)).toMatchObject({ alert: 'U bent afgemeld.', data: { account_closed: true } });
    expect(await t.db.select().from(panelAnswers).where(eq(panelAnswers.userId, member.id))).toEqual([]);
    expect(await t.db.select().from(panelUsers).where(eq(panelUsers.userId, member.id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
  });

  it('a manager removes a member; staff accounts stay, only the membership and answers go', async () => {
    const res = await send(admin, 'DELETE', '/panel/1/user/3');
    expect(await env(res)).toMatchObject({ alert: 'Het lid is uit het panel verwijderd.', data: { account_closed: false } });
    expect(await t.db.select().from(panelAnswers).where(eq(panelAnswers.userId, 3))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, 3))).toHaveLength(1);
    expect((await send(admin, 'DELETE', '/panel/1/user/3')).status).toBe(404);
    expect((await send(other, 'DELETE', '/panel/1/user/2')).status).toBe(404);
    await t.db.insert(panelUsers).values({ panelId: 1, userId: 3 });
  });
});

describe('registration code and QR code', { timeout: 60_000 }, () => {
  it('regenerates the code (old link stops working), switches it off and on, and gives a QR code that decodes to the link', async () => {
    const panel = await newPanel('Codepanel');
    const qr = await admin.get(`${API}/panel/${panel.id}/qr`);
    expect(qr.headers.get('content-type')).toBe('image/png');
    const png = decodePng(new Uint8Array(await qr.arrayBuffer()));
    const rgba = new Uint8ClampedArray(png.width * png.height * 4);
    for (let i = 0; i < png.width * png.height; i++) {
      const v = png.data[i * png.channels]!;
      rgba.set([v, v, v, 255], i * 4);
    }
    expect(jsQR(rgba, png.width, png.height)?.data).toBe(`http://localhost/portal/register/panel/${panel.token}`);

    const fresh = await env<Panel>(await send(admin, 'POST', `/panel/${panel.id}/token`));
    expect(fresh.alert).toBe('Er is een nieuwe code gemaakt; de oude link werkt niet meer.');
    expect(fresh.data.token).not.toBe(panel.token);
    expect((await register(panel.token!, 'oud@example.nl')).res.status).toBe(422);

    const off = await env<Panel>(await send(admin, 'PUT', `/panel/${panel.id}/token`, { enabled: false }));
    expect(off.data.token_enabled).toBe(false);
    const refused = await register(fresh.data.token!, 'uit@example.nl');
    expect(refused.res.status).toBe(422);
    expect((await env(refused.res)).errors).toEqual({ token: [expect.any(String)] });
    expect((await admin.get(`${API}/panel/${panel.id}/qr`)).status).toBe(409);
    expect((await send(admin, 'PUT', `/panel/${panel.id}/token`, { enabled: 'soms' })).status).toBe(422);
    await send(admin, 'PUT', `/panel/${panel.id}/token`, { enabled: true });
    expect((await register(fresh.data.token!, 'aan@example.nl')).res.status).toBe(201);
    expect((await send(other, 'POST', `/panel/${panel.id}/token`)).status).toBe(404);
    expect((await user.get(`${API}/panel/${panel.id}/qr`)).status).toBe(403);
  });
});

describe('panel image (POST panel/{id}/image)', { timeout: 60_000 }, () => {
  const upload = (s: HttpSession, id: number, bytes: Uint8Array, name = 'logo.png', type = 'image/png') => {
    const form = new FormData();
    form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
    return s.fetch(`${API}/panel/${id}/image`, { method: 'POST', body: form });
  };

  it('resizes a large PNG into 600 × 500, stores it in FILES, shows it to members, and refuses other formats', async () => {
    const big = encodePng({ width: 1200, height: 800, channels: 3, depth: 8, data: new Uint8Array(1200 * 800 * 3).fill(200) });
    const res = await upload(admin, 1, big);
    expect(res.status).toBe(201);
    expect((await env(res)).data).toMatchObject({ width: 600, height: 400 });
    expect(t.bucket.keys().filter((k) => k.startsWith('panels/1/image/'))).toHaveLength(1);
    const got = await user.get(`${API}/panel/1/image`);
    expect(got.status).toBe(200);
    const stored = decodePng(new Uint8Array(await got.arrayBuffer()));
    expect([stored.width, stored.height]).toEqual([600, 400]);
    const one = await env<Panel>(await admin.get(`${API}/panel/1`));
    expect(one.data.image).toMatch(/^iVBORw0KGgo/);
    const gif = await upload(admin, 1, new Uint8Array([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0]), 'x.png');
    expect((await env(gif)).errors).toEqual({ file: ['Alleen PNG- en JPEG-afbeeldingen zijn toegestaan.'] });
    expect((await upload(other, 1, big)).status).toBe(404);
    expect((await other.get(`${API}/panel/1/image`)).status).toBe(404);
    expect((await send(admin, 'DELETE', '/panel/1/image')).status).toBe(200);
    expect(t.bucket.keys().filter((k) => k.startsWith('panels/1/image/'))).toEqual([]);
    expect((await t.db.select({ key: panels.imageKey }).from(panels).where(eq(panels.id, 1)))[0]!.key).toBeNull();
  });
});

describe('deleting a panel', { timeout: 60_000 }, () => {
  it('removes members and their background data, and the registration link stops working', async () => {
    const panel = await newPanel('Weg');
    const f = await newField(panel.id, { name: 'Wijk', type_id: 5, required: true, options: ['A', 'B'] });
    const { res } = await register(panel.token!, 'weg@example.nl', { [f.id]: f.options[0]!.id });
    expect(res.status).toBe(201);
    expect((await send(admin, 'DELETE', `/panel/${panel.id}`)).status).toBe(200);
    expect(await userByEmail(t.db, 'weg@example.nl')).toBeUndefined();
    expect(await t.db.select().from(panelUsers).where(eq(panelUsers.panelId, panel.id))).toEqual([]);
    expect((await t.db.select().from(panelFields).where(eq(panelFields.panelId, panel.id))).length).toBe(1);
    expect((await register(panel.token!, 'later@example.nl', { [f.id]: f.options[0]!.id })).res.status).toBe(422);
  });
});
