import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences, projects, reports, surveys } from '../../src/server/db/schema';
import { directSession } from '../helpers/direct-session';
import type { HttpSession } from '../helpers/http-session';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';

interface Envelope<T> { data: T; meta?: { dutch: string }; alert?: string; errors?: Record<string, string[]>; message?: string }
interface Member { id: number; fullname: string; email: string; project_role_id: number; project_role: string }
interface Licence { id: number; project_id: number; start_date: string; end_date: string; note: string; state: string; license_end_date_style: string | null }
interface Project {
  id: number; title: string; client: string; status: string; status_id: number; parent_project_id: number | null; company_id: number;
  usersCount: number; reportsCount: number; allow_messaging: boolean; license_end_date: string | null; updated_at_style: string | null;
  subProjects?: Project[]; reports?: { id: number; title: string; status_id: number }[]; users?: Member[]; admins?: Member[];
  surveys?: { id: number; displayTitle: string }[]; licenses?: Licence[]; parent?: { id: number; title: string } | null;
}

let beheerder: HttpSession;
let gebruiker: HttpSession;
let other: HttpSession;
let root: HttpSession;

const send = (s: HttpSession, method: string, path: string, body: unknown = {}) => s.fetch(`${API}${path}`, { method, json: body });
const json = async <T>(res: Response) => (await res.json()) as Envelope<T>;
const get = async <T>(s: HttpSession, path: string) => {
  const res = await s.get(`${API}${path}`);
  return { status: res.status, body: await json<T>(res) };
};

beforeAll(async () => {
  beheerder = await directSession(t, 'beheerder@demo.impulz.nl');
  gebruiker = await directSession(t, 'gebruiker@demo.impulz.nl');
  other = await directSession(t, 'beheerder@noordbroek.demo.impulz.nl');
  root = await directSession(t, 'admin@demo.impulz.nl');
});

describe('GET project/{id} with includes', () => {
  it('answers the project and every part asked for, with the Dutch name', async () => {
    const { status, body } = await get<Project>(beheerder, '/project/1?include=subProjects,reports,users,admins,surveys,licenses,parent');
    expect(status).toBe(200);
    expect(body.meta).toEqual({ dutch: 'Project' });
    const p = body.data;
    expect(p).toMatchObject({ id: 1, title: 'Burgerpeiling Zuiderhaven 2026', status: 'Actief', status_id: 2, company_id: 1, parent_project_id: null, usersCount: 5, reportsCount: 3, parent: null });
    expect(p.subProjects!.map((s) => s.id)).toEqual([2]);
    expect(p.reports!.map((r) => r.title).sort()).toEqual(['Burgerpeiling Zuiderhaven 2026', 'Burgerpeiling Zuiderhaven 2026 – licht afgerond', 'Dienstverlening Zuiderhaven 2026 (concept)']);
    expect(p.users!.map((u) => [u.fullname, u.project_role])).toEqual([['Bram Jansen', 'Projectleider'], ['Carla Bakker', 'Projectlid'], ['Koppeling Zuiderhaven', 'Meelezer'], ['Prospect Hoekstra', 'Meelezer'], ['Prospect Willemsen', 'Meelezer']]);
    expect(p.admins!.map((u) => u.id)).toEqual([2]);
    expect(p.surveys!.map((s) => s.id)).toHaveLength(1);
    expect(p.licenses![0]).toMatchObject({ project_id: 1, state: 'warning', license_end_date_style: 'warning', note: 'Jaarlicentie' });
    // Without include: no parts.
    const plain = (await get<Project>(beheerder, '/project/1')).body.data;
    expect(plain.users).toBeUndefined();
    expect((await get<Project>(beheerder, '/project/2?include=parent')).body.data.parent).toEqual({ id: 1, title: 'Burgerpeiling Zuiderhaven 2026' });
  });

  it('shows a reader only the published reports, and counts only those', async () => {
    const p = (await get<Project>(gebruiker, '/project/1?include=reports')).body.data;
    expect(p.reports!.map((r) => r.title).sort()).toEqual(['Burgerpeiling Zuiderhaven 2026', 'Burgerpeiling Zuiderhaven 2026 – licht afgerond']);
    expect(p.reportsCount).toBe(2);
    const concept = (await t.db.select({ id: reports.id }).from(reports).where(eq(reports.statusId, 1)))[0]!;
    expect((await gebruiker.get(`${API}/report/${concept.id}`)).status).toBe(404);
    expect((await beheerder.get(`${API}/report/${concept.id}`)).status).toBe(200);
    const list = (await get<{ id: number }[]>(gebruiker, '/report')).body.data.map((r) => r.id);
    expect(list).not.toContain(concept.id);
  });

  it('answers 404 for another company, a project the reader is not a member of and a missing one', async () => {
    expect((await other.get(`${API}/project/1`)).status).toBe(404);
    expect((await gebruiker.get(`${API}/project/5`)).status).toBe(404);
    expect((await beheerder.get(`${API}/project/999`)).status).toBe(404);
    expect((await beheerder.get(`${API}/project/abc`)).status).toBe(404);
    expect((await root.get(`${API}/project/6`)).status).toBe(200);
  });

  it('serves the parts as their own calls', async () => {
    expect((await get<Project[]>(beheerder, '/project/1/subProject')).body.data.map((p) => p.id)).toEqual([2]);
    expect((await get<unknown[]>(gebruiker, '/project/1/report')).body.data).toHaveLength(2);
    expect((await get<Member[]>(gebruiker, '/project/1/user')).body).toMatchObject({ meta: { dutch: 'Projectlid' } });
    expect((await get<Member[]>(beheerder, '/project/1/admin')).body.data.map((m) => m.fullname)).toEqual(['Bram Jansen']);
    expect((await get<unknown[]>(beheerder, '/project/1/survey')).body.data).toHaveLength(1);
    expect((await get<Licence[]>(beheerder, '/project/3/license')).body.data[0]).toMatchObject({ state: 'error' });
    for (const part of ['subProject', 'report', 'user', 'admin', 'survey', 'license', 'possibleParents']) {
      expect((await other.get(`${API}/project/1/${part}`)).status, part).toBe(404);
    }
  });
});

describe('POST, PUT and DELETE project', () => {
  it('creates a project and a sub-project; the creator leads both', async () => {
    const res = await send(beheerder, 'POST', '/project', { title: 'Wijkpeiling Noord', client: 'Gemeente Zuiderhaven', status_id: 1 });
    expect(res.status).toBe(201);
    const created = await json<Project>(res);
    expect(created.alert).toBe('Project is aangemaakt');
    expect(created.data).toMatchObject({ title: 'Wijkpeiling Noord', company_id: 1, parent_project_id: null, usersCount: 1, allow_messaging: true });
    const sub = await json<Project>(await send(beheerder, 'POST', '/project', { title: 'Wijkpeiling Noord – Oost', status_id: '2', parent_project_id: created.data.id }));
    expect(sub.data).toMatchObject({ parent_project_id: created.data.id, company_id: 1 });
    expect((await get<Member[]>(beheerder, `/project/${sub.data.id}/admin`)).body.data.map((m) => m.id)).toEqual([2]);
  });

  it('refuses bad input with Dutch field messages', async () => {
    const empty = await send(beheerder, 'POST', '/project', {});
    expect(empty.status).toBe(422);
    expect((await json(empty)).errors).toMatchObject({ title: ['Dit veld mag niet leeg zijn'], status_id: ['Dit veld mag alleen hele nummers bevatten'] });
    const long = await json(await send(beheerder, 'POST', '/project', { title: 'x'.repeat(192), status_id: 1 }));
    expect(long.errors).toEqual({ title: ['De maximale lengte voor dit veld is 191 karakters'] });
    const status = await send(beheerder, 'POST', '/project', { title: 'Status?', status_id: 99 });
    expect(status.status).toBe(422);
    expect((await json(status)).errors).toEqual({ status_id: ['Kies een geldige waarde uit de lijst'] });
    const bool = await json(await send(beheerder, 'PUT', '/project/5', { allow_messaging: 'misschien' }));
    expect(bool.errors).toEqual({ allow_messaging: ['Kies ja of nee'] });
    const malformed = await beheerder.fetch(`${API}/project`, { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
  });

  it("makes another company's parent a 404 and a Gebruiker a 403", async () => {
    expect((await send(beheerder, 'POST', '/project', { title: 'Onder Noordbroek', status_id: 1, parent_project_id: 6 })).status).toBe(404);
    expect((await send(gebruiker, 'POST', '/project', { title: 'Mag niet', status_id: 1 })).status).toBe(403);
    expect((await send(gebruiker, 'PUT', '/project/1', { title: 'Mag niet' })).status).toBe(403);
    expect((await send(other, 'PUT', '/project/1', { title: 'Mag niet' })).status).toBe(404);
    expect((await send(other, 'DELETE', '/project/1')).status).toBe(404);
  });

  it('updates a project; the parent must be a possible parent (not itself or below it)', async () => {
    const possible = (await get<{ id: number }[]>(beheerder, '/project/1/possibleParents')).body.data.map((p) => p.id);
    expect(possible).not.toContain(1);
    expect(possible).not.toContain(2);
    expect(possible).toContain(5);
    const res = await send(beheerder, 'PUT', '/project/5', { title: 'Omgevingsvisie participatie 2026', parent_project_id: 4 });
    expect(res.status).toBe(200);
    expect(await json<Project>(res)).toMatchObject({ alert: 'Project is opgeslagen', data: { title: 'Omgevingsvisie participatie 2026', parent_project_id: 4 } });
    const cycle = await send(beheerder, 'PUT', '/project/1', { parent_project_id: 2 });
    expect(cycle.status).toBe(422);
    expect((await json(cycle)).errors).toEqual({ parent_project_id: [expect.stringContaining('kan niet het hoofdproject zijn')] });
    expect((await send(beheerder, 'PUT', '/project/5', { parent_project_id: null })).status).toBe(200);
  });

  it('soft-deletes a project with its sub-projects and their reports', async () => {
    const top = (await json<Project>(await send(beheerder, 'POST', '/project', { title: 'Tijdelijk', status_id: 1 }))).data;
    const sub = (await json<Project>(await send(beheerder, 'POST', '/project', { title: 'Tijdelijk – sub', status_id: 1, parent_project_id: top.id }))).data;
    const report = await json<{ id: number }>(await send(beheerder, 'POST', '/report', { project_id: sub.id, title: 'Weg ermee' }));
    const res = await send(beheerder, 'DELETE', `/project/${top.id}`);
    expect(res.status).toBe(200);
    expect((await json(res)).alert).toBe('Element is verwijderd');
    expect((await beheerder.get(`${API}/project/${sub.id}`)).status).toBe(404);
    expect((await beheerder.get(`${API}/report/${report.data.id}`)).status).toBe(404);
    const rows = await t.db.select({ deletedAt: projects.deletedAt }).from(projects).where(eq(projects.parentProjectId, top.id));
    const [topRow] = await t.db.select({ deletedAt: projects.deletedAt }).from(projects).where(eq(projects.id, top.id));
    const [reportRow] = await t.db.select({ deletedAt: reports.deletedAt }).from(reports).where(eq(reports.id, report.data.id));
    // One moment for all: an admin can restore them together.
    expect(rows[0]!.deletedAt?.getTime()).toBe(topRow!.deletedAt?.getTime());
    expect(reportRow!.deletedAt?.getTime()).toBe(topRow!.deletedAt?.getTime());
  });
});

describe('project members', () => {
  it('adds a member with a role; membership opens the project and its published reports at once', async () => {
    expect((await gebruiker.get(`${API}/project/5`)).status).toBe(404);
    const res = await send(beheerder, 'POST', '/project/5/user', { user_id: 3, project_role_id: 3 });
    expect(res.status).toBe(201);
    const body = await json<Member[]>(res);
    expect(body.alert).toBe('Projectlid is aangemaakt');
    expect(body.data.find((m) => m.id === 3)).toMatchObject({ project_role: 'Meelezer', email: 'gebruiker@demo.impulz.nl' });
    expect((await gebruiker.get(`${API}/project/5`)).status).toBe(200);
    const again = await send(beheerder, 'POST', '/project/5/user', { user_id: 3, project_role_id: 3 });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe('Deze gebruiker is al lid van het project.');
  });

  it('changes a role with PUT, adds with PUT (default Projectlid) and removes with DELETE', async () => {
    const changed = await json<Member[]>(await send(beheerder, 'PUT', '/project/5/user/3', { project_role_id: 1 }));
    expect(changed.alert).toBe('Projectlid is opgeslagen');
    expect(changed.data.find((m) => m.id === 3)?.project_role).toBe('Projectleider');
    const kept = await json<Member[]>(await send(beheerder, 'PUT', '/project/5/user/3', {}));
    expect(kept.data.find((m) => m.id === 3)?.project_role).toBe('Projectleider');
    const added = await json<Member[]>(await send(beheerder, 'PUT', '/project/5/user/4'));
    expect(added.data.find((m) => m.id === 4)?.project_role).toBe('Projectlid');
    const removed = await send(beheerder, 'DELETE', '/project/5/user/4');
    expect(removed.status).toBe(200);
    expect((await json<Member[]>(removed)).data.map((m) => m.id)).not.toContain(4);
    expect((await send(beheerder, 'DELETE', '/project/5/user/4')).status).toBe(404);
  });

  it('refuses users of another organisation, unknown roles and non-editors', async () => {
    const stranger = await send(beheerder, 'POST', '/project/5/user', { user_id: 5, project_role_id: 2 });
    expect(stranger.status).toBe(422);
    expect((await json(stranger)).errors).toEqual({ user_id: ['Deze gebruiker hoort niet bij de organisatie van dit project.'] });
    expect((await send(beheerder, 'PUT', '/project/5/user/5', {})).status).toBe(404);
    const role = await send(beheerder, 'PUT', '/project/5/user/3', { project_role_id: 42 });
    expect((await json(role)).errors).toEqual({ project_role_id: ['Kies een geldige waarde uit de lijst'] });
    expect((await send(beheerder, 'POST', '/project/5/user', { user_id: 'x' })).status).toBe(422);
    expect((await send(gebruiker, 'PUT', '/project/1/user/4', {})).status).toBe(403);
    expect((await send(other, 'PUT', '/project/1/user/3', {})).status).toBe(404);
    expect((await send(other, 'DELETE', '/project/1/user/3')).status).toBe(404);
  });

  it('replaces the whole list with PUT project/{id}/user', async () => {
    const res = await send(beheerder, 'PUT', '/project/5/user', { users: [{ user_id: 2, project_role_id: 1 }, { user_id: 3, project_role_id: 2 }] });
    expect(res.status).toBe(200);
    expect((await json<Member[]>(res)).data.map((m) => [m.id, m.project_role_id])).toEqual([[2, 1], [3, 2]]);
    const dupe = await json(await send(beheerder, 'PUT', '/project/5/user', { users: [{ user_id: 2, project_role_id: 1 }, { user_id: 2, project_role_id: 2 }] }));
    expect(dupe.errors).toEqual({ users: ['Elke gebruiker mag maar één keer in de lijst staan.'] });
    const foreign = await json(await send(beheerder, 'PUT', '/project/5/user', { users: [{ user_id: 6, project_role_id: 1 }] }));
    expect(foreign.errors).toEqual({ users: ['Gebruiker 6 hoort niet bij de organisatie van dit project.'] });
  });
});

describe('project surveys', () => {
  let foreignSurvey = 0;
  let ownSurvey = 0;
  beforeAll(async () => {
    const [f] = await t.db.insert(surveys).values({ companyId: 2, title: 'Noordbroek enquête', baseLanguage: 'nl' }).returning({ id: surveys.id });
    const [o] = await t.db.insert(surveys).values({ companyId: 1, title: 'Zuiderhaven extra', baseLanguage: 'nl', lsSid: 515151 }).returning({ id: surveys.id });
    foreignSurvey = f!.id;
    ownSurvey = o!.id;
  });

  it('links a survey of the own organisation (idempotent) and unlinks it', async () => {
    const res = await send(beheerder, 'PUT', `/project/4/survey/${ownSurvey}`);
    expect(res.status).toBe(200);
    const body = await json<{ id: number; displayTitle: string }[]>(res);
    expect(body).toMatchObject({ alert: 'Onderzoek is aan het project gekoppeld', meta: { dutch: 'Onderzoek van het project' }, data: [{ id: ownSurvey, displayTitle: 'Zuiderhaven extra (515151)' }] });
    expect((await send(beheerder, 'PUT', `/project/4/survey/${ownSurvey}`)).status).toBe(200);
    const off = await send(beheerder, 'DELETE', `/project/4/survey/${ownSurvey}`);
    expect(await json(off)).toMatchObject({ alert: 'Onderzoek is van het project losgekoppeld', data: [] });
    expect((await send(beheerder, 'DELETE', `/project/4/survey/${ownSurvey}`)).status).toBe(404);
  });

  it("treats another organisation's survey as absent and refuses unlinking a survey in use", async () => {
    expect((await send(beheerder, 'PUT', `/project/4/survey/${foreignSurvey}`)).status).toBe(404);
    expect((await send(other, 'PUT', `/project/6/survey/${ownSurvey}`)).status).toBe(404);
    expect((await send(gebruiker, 'PUT', `/project/1/survey/${ownSurvey}`)).status).toBe(403);
    const [survey] = await t.db.select({ id: surveys.id }).from(surveys).where(eq(surveys.lsSid, 474747));
    const busy = await send(beheerder, 'DELETE', `/project/1/survey/${survey!.id}`);
    expect(busy.status).toBe(409);
    expect((await json(busy)).message).toContain("'Burgerpeiling Zuiderhaven 2026'");
  });
});

describe('licences', () => {
  it('creates, reads, changes and deletes a licence period with Dutch validation', async () => {
    const res = await send(beheerder, 'POST', '/project/4/license', { start_date: '2027-01-01', end_date: '2027-12-31', note: 'Verlenging' });
    expect(res.status).toBe(201);
    const made = await json<Licence>(res);
    expect(made).toMatchObject({ alert: 'Licentie is aangemaakt', meta: { dutch: 'Licentie' }, data: { end_date: '2027-12-31', note: 'Verlenging' } });
    expect((await get<Licence>(beheerder, `/project/4/license/${made.data.id}`)).body.data.end_date).toBe('2027-12-31');
    const put = await json<Licence>(await send(beheerder, 'PUT', `/project/4/license/${made.data.id}`, { end_date: '2028-01-31' }));
    expect(put).toMatchObject({ alert: 'Licentie is opgeslagen', data: { start_date: '2027-01-01', end_date: '2028-01-31' } });
    const order = await json(await send(beheerder, 'PUT', `/project/4/license/${made.data.id}`, { end_date: '2026-01-01' }));
    expect(order.errors).toEqual({ end_date: ['De einddatum ligt voor de begindatum'] });
    const bad = await json(await send(beheerder, 'POST', '/project/4/license', { start_date: '1-1-2027', end_date: '' }));
    expect(bad.errors).toEqual({ start_date: ['Voer een geldige datum in (JJJJ-MM-DD)'], end_date: ['Voer een geldige datum in (JJJJ-MM-DD)'] });
    expect((await send(beheerder, 'DELETE', `/project/4/license/${made.data.id}`)).status).toBe(200);
    expect((await beheerder.get(`${API}/project/4/license/${made.data.id}`)).status).toBe(404);
  });

  it('moving the end date starts its reminders afresh', async () => {
    await t.db.update(licences).set({ reminded60At: new Date(), reminded14At: new Date() }).where(eq(licences.id, 4));
    await send(beheerder, 'PUT', '/project/4/license/4', { note: 'Alleen de notitie' });
    expect((await t.db.select().from(licences).where(eq(licences.id, 4)))[0]!.reminded60At).not.toBeNull();
    await send(beheerder, 'PUT', '/project/4/license/4', { end_date: '2030-06-30' });
    const [row] = await t.db.select().from(licences).where(eq(licences.id, 4));
    expect([row!.reminded60At, row!.reminded14At]).toEqual([null, null]);
  });

  it('GET license lists the licences of every project the user may open, with state', async () => {
    const { status, body } = await get<(Licence & { project: string; company: string })[]>(beheerder, '/license');
    expect(status).toBe(200);
    expect(new Set(body.data.map((l) => l.company))).toEqual(new Set(['Gemeente Zuiderhaven']));
    expect(body.data.find((l) => l.project_id === 3)).toMatchObject({ state: 'error', project: 'Jongerenmonitor 2025' });
    const all = (await get<{ company: string }[]>(root, '/license')).body.data;
    expect(new Set(all.map((l) => l.company)).size).toBe(3);
    const own = (await get<{ project_id: number }[]>(gebruiker, '/license')).body.data.map((l) => l.project_id);
    expect(own).not.toContain(6);
    expect((await send(other, 'PUT', '/project/1/license/1', { note: 'x' })).status).toBe(404);
    expect((await send(beheerder, 'PUT', '/project/1/license/7', { note: 'x' })).status).toBe(404);
  });
});

describe('PATCH project/{id}/filterCategory/order', () => {
  it('reorders the project categories in one batch; ids of another project are refused', async () => {
    const res = await send(beheerder, 'PATCH', '/project/1/filterCategory/order', { order: [4, 2] });
    expect(res.status).toBe(200);
    expect(await json<{ id: number; order: number }[]>(res)).toMatchObject({ alert: 'De volgorde is opgeslagen', data: [{ id: 4, order: 0 }, { id: 2, order: 1 }, { id: 1, order: 2 }, { id: 3, order: 3 }] });
    const list = (await get<{ id: number }[]>(beheerder, '/project/1/filterCategory')).body.data.map((c) => c.id);
    expect(list).toEqual([4, 2, 1, 3]);
    const foreign = await json(await send(beheerder, 'PATCH', '/project/1/filterCategory/order', { order: [1, 999] }));
    expect(foreign.errors).toEqual({ order: ['Filtercategorie 999 hoort niet bij dit project.'] });
    expect((await json(await send(beheerder, 'PATCH', '/project/1/filterCategory/order', { order: [] }))).errors).toEqual({ order: ['Selecteer minimaal 1 optie'] });
    expect((await send(gebruiker, 'PATCH', '/project/1/filterCategory/order', { order: [1] })).status).toBe(403);
    expect((await send(other, 'PATCH', '/project/1/filterCategory/order', { order: [1] })).status).toBe(404);
  });
});
