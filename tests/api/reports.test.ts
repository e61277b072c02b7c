import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportBookmarks, reportCharts, reportDataLocations, reports, reportSections, surveys } from '../../src/server/db/schema';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { directSession } from '../helpers/direct-session';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';

interface DataLocation { id: number; chart_id: number; survey_id: number; column_key: string; n_method: string; order: number }
interface Chart { id: number; section_id: number; chart_type_id: number; title: string; order: number; granularity_id: number; dataLocations?: DataLocation[] }
interface Section { id: number; report_id: number; title: string; order: number; charts?: Chart[] }
interface Bookmark { id: number; name: string; query_string: string }
interface Report { id: number; project_id: number; title: string; end_date: string; min_n: number; benchmark_count: number; archived: boolean; status_id: number; sections?: Section[]; bookmarks?: Bookmark[] }
interface Envelope<T> { data: T; meta?: { dutch: string }; alert?: string; errors?: Record<string, string[]> }

let admin: HttpSession;
let user: HttpSession;
let other: HttpSession;
let surveyId = 0;

const send = (s: HttpSession, method: string, path: string, body: unknown = {}) => s.fetch(`${API}${path}`, { method, json: body });
async function env<T>(res: Response): Promise<Envelope<T>> {
  return (await res.json()) as Envelope<T>;
}
const full = async (id: number) => (await env<Report>(await admin.get(`${API}/report/${id}?include=sections.charts.dataLocations,bookmarks`))).data;
async function count(table: typeof reportSections | typeof reportCharts | typeof reportDataLocations | typeof reportBookmarks) {
  return (await t.db.select({ id: table.id }).from(table)).length;
}

beforeAll(async () => {
  admin = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  user = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  other = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
  const [s] = await t.db.select({ id: surveys.id }).from(surveys).where(eq(surveys.companyId, 1));
  surveyId = s!.id;
}, 30_000);

describe('reports api (spec 001 §7 Dashboard)', { timeout: 30_000 }, () => {
  it('lists and reads the seeded report with the nested include and Dutch envelope', async () => {
    const list = await env<Report[]>(await admin.get(`${API}/report`));
    expect(list.meta).toEqual({ dutch: 'Rapportage' });
    expect(list.data.map((r) => r.id)).toContain(1);
    const report = await full(1);
    expect(report).toMatchObject({ id: 1, project_id: 1, title: 'Burgerpeiling Zuiderhaven 2026', min_n: 10, archived: false });
    expect(report.sections!.map((s) => s.title)).toEqual(['Wonen in de buurt', 'Gemeente en dienstverlening', 'Per wijk']);
    const charts = report.sections!.flatMap((s) => s.charts!);
    expect(charts).toHaveLength(7);
    expect(charts.every((c) => c.dataLocations!.length > 0 && c.dataLocations!.every((d) => d.survey_id === surveyId))).toBe(true);
    expect(report.bookmarks).toHaveLength(1);
    expect(JSON.parse(report.bookmarks![0]!.query_string)).toHaveLength(2);
    // Without include: no children.
    const plain = (await env<Report>(await admin.get(`${API}/report/1`))).data;
    expect(plain.sections).toBeUndefined();
    const sectionsOnly = (await env<Report>(await admin.get(`${API}/report/1?include=sections`))).data;
    expect(sectionsOnly.sections![0]!.charts).toBeUndefined();
    // Every seeded data location points at a real cube column: saving it unchanged passes the check.
    for (const d of charts.flatMap((c) => c.dataLocations!)) {
      const res = await send(admin, 'PUT', `/dataLocation/${d.id}`, { column_key: d.column_key });
      expect(res.status, d.column_key).toBe(200);
    }
    const chart = await env<Chart>(await admin.get(`${API}/chart/${charts[0]!.id}`));
    expect(chart.meta).toEqual({ dutch: 'Grafiek' });
    expect(chart.data.dataLocations!.map((d) => d.column_key)).toEqual(['buurt_SQ001', 'buurt_SQ002', 'buurt_SQ003', 'buurt_SQ004']);
  });

  it('creates a report with defaults and refuses bad input in Dutch, writing nothing', async () => {
    const before = (await t.db.select({ id: reports.id }).from(reports)).length;
    const bad = await env<unknown>(await send(admin, 'POST', '/report', { project_id: 1, title: 'x'.repeat(192), benchmark_count: 0, multiple_filters: 4 }));
    expect(bad.errors).toMatchObject({
      title: ['De maximale lengte voor dit veld is 191 karakters'],
      benchmark_count: ['Minimaal 1 benchmark'],
      multiple_filters: ['Kies geen beperking, 2 of 3'],
    });
    const empty = await send(admin, 'POST', '/report', { project_id: 1, title: '  ' });
    expect(empty.status).toBe(422);
    expect((await env<unknown>(empty)).errors).toMatchObject({ title: ['Dit veld mag niet leeg zijn'] });
    expect((await send(admin, 'POST', '/report', { project_id: 1, title: 'x', start_date: '2026-05-01', end_date: '2026-04-01' })).status).toBe(422);
    expect((await t.db.select({ id: reports.id }).from(reports)).length).toBe(before);
    const res = await send(admin, 'POST', '/report', { project_id: 1, title: 'Nieuwe rapportage', multiple_filters: 2 });
    expect(res.status).toBe(201);
    const created = await env<Report>(res);
    expect(created).toMatchObject({ alert: 'Rapportage is aangemaakt', meta: { dutch: 'Rapportage' } });
    expect(created.data).toMatchObject({ title: 'Nieuwe rapportage', min_n: 10, benchmark_count: 1, status_id: 1, end_date: new Date().toISOString().slice(0, 10) });
    const put = await env<Report>(await send(admin, 'PUT', `/report/${created.data.id}`, { title: 'Hernoemd', benchmark_count: 3 }));
    expect(put).toMatchObject({ alert: 'Rapportage is opgeslagen', data: { title: 'Hernoemd', benchmark_count: 3 } });
    expect((await env<unknown>(await send(admin, 'PUT', `/report/${created.data.id}`, { benchmark_count: 0 }))).errors).toEqual({ benchmark_count: ['Minimaal 1 benchmark'] });
    expect((await env<unknown>(await send(admin, 'PUT', `/report/${created.data.id}`, { benchmark_count: 9 }))).errors).toEqual({ benchmark_count: ['Maximaal 8 benchmarks'] });
    // A project of another company is not there for this user.
    expect((await send(admin, 'POST', '/report', { project_id: 6, title: 'Vreemd' })).status).toBe(404);
  });

  it('builds sections, charts and data locations, validating lookups, surveys and columns', async () => {
    const report = (await env<Report>(await send(admin, 'POST', '/report', { project_id: 1, title: 'Opbouw' }))).data;
    const section = await env<Section>(await send(admin, 'POST', `/report/${report.id}/section`, { title: 'Sectie A' }));
    expect(section).toMatchObject({ alert: 'Sectie is aangemaakt', meta: { dutch: 'Sectie' }, data: { report_id: report.id, order: 0 } });
    const charts = await count(reportCharts);
    const unknown = await send(admin, 'POST', '/chart', { section_id: section.data.id, chart_type_id: 99, title: 'Fout' });
    expect(unknown.status).toBe(422);
    expect((await env<unknown>(unknown)).errors).toEqual({ chart_type_id: ['Kies een geldige waarde uit de lijst'] });
    expect(await count(reportCharts)).toBe(charts);
    const bar = await env<Chart>(await send(admin, 'POST', '/chart', { section_id: section.data.id, chart_type_id: 1, title: 'Staaf' }));
    expect(bar).toMatchObject({ alert: 'Grafiek is aangemaakt', data: { order: 0, granularity_id: 0 } });
    const line = (await env<Chart>(await send(admin, 'POST', '/chart', { section_id: section.data.id, chart_type_id: 7, title: 'Lijn', granularity_id: 3 }))).data;
    expect(line).toMatchObject({ order: 1, granularity_id: 3 });
    const loc = await send(admin, 'POST', '/dataLocation', { chart_id: bar.data.id, survey_id: surveyId, column_key: 'tevredengemeente' });
    expect(loc.status).toBe(201);
    const location = await env<DataLocation>(loc);
    expect(location).toMatchObject({ alert: 'Dataset is aangemaakt', meta: { dutch: 'Dataset' }, data: { n_method: 'respondents', order: 0 } });
    const locations = await count(reportDataLocations);
    const noColumn = await send(admin, 'POST', '/dataLocation', { chart_id: bar.data.id, survey_id: surveyId, column_key: 'bestaatniet' });
    expect(noColumn.status).toBe(422);
    expect((await env<unknown>(noColumn)).errors).toEqual({ column_key: ["De vraag of kolom 'bestaatniet' bestaat niet in deze enquête."] });
    // A survey that is not linked to the report's project (a question of another survey).
    const [foreign] = await t.db.insert(surveys).values({ companyId: 1, title: 'Andere enquête', baseLanguage: 'nl' }).returning();
    const wrong = await send(admin, 'POST', '/dataLocation', { chart_id: bar.data.id, survey_id: foreign!.id, column_key: 'tevredengemeente' });
    expect(wrong.status).toBe(422);
    expect((await env<unknown>(wrong)).errors).toEqual({ survey_id: ['Deze enquête hoort niet bij het project van deze rapportage.'] });
    expect((await send(admin, 'PUT', `/dataLocation/${location.data.id}`, { survey_id: foreign!.id })).status).toBe(422);
    expect((await send(admin, 'POST', '/dataLocation', { chart_id: bar.data.id, survey_id: surveyId, column_key: 'wijk', n_method: 'alles' })).status).toBe(422);
    expect(await count(reportDataLocations)).toBe(locations);
    const put = await env<Chart>(await send(admin, 'PUT', `/chart/${line.id}`, { title: 'Trend', color_scheme_id: 2 }));
    expect(put).toMatchObject({ alert: 'Grafiek is opgeslagen', data: { title: 'Trend' } });
    expect((await send(admin, 'PUT', `/chart/${line.id}`, { kpi_id: 42 })).status).toBe(422);
  });

  it('applies order patches atomically and rejects ids of another parent with 422', async () => {
    const before = await full(1);
    const ids = before.sections!.map((s) => s.id);
    const patched = await send(admin, 'PATCH', '/report/1/section/order', { order: [...ids].reverse() });
    expect(patched.status).toBe(200);
    expect((await full(1)).sections!.map((s) => s.id)).toEqual([...ids].reverse());
    const foreignSection = (await env<Section>(await send(admin, 'POST', '/report/1/section', { title: 'Extra' }))).data;
    const otherReport = (await env<Report>(await send(admin, 'POST', '/report', { project_id: 1, title: 'Ander' }))).data;
    const strange = (await env<Section>(await send(admin, 'POST', `/report/${otherReport.id}/section`, { title: 'Vreemd' }))).data;
    const res = await send(admin, 'PATCH', '/report/1/section/order', { order: [ids[0], strange.id, ids[1]] });
    expect(res.status).toBe(422);
    expect((await env<unknown>(res)).errors).toEqual({ order: [`Sectie ${strange.id} hoort niet bij dit onderdeel.`] });
    expect((await full(1)).sections!.map((s) => s.id)).toEqual([...[...ids].reverse(), foreignSection.id]);
    expect((await send(admin, 'PATCH', '/report/1/section/order', { order: [ids[0], ids[0]] })).status).toBe(422);

    const [first, second] = before.sections!;
    const chartIds = first!.charts!.map((c) => c.id);
    expect((await send(admin, 'PATCH', `/section/${first!.id}/chart/order`, { order: [chartIds[2], chartIds[0]] })).status).toBe(200);
    const order = async () => (await full(1)).sections!.find((s) => s.id === first!.id)!.charts!.map((c) => c.id);
    expect(await order()).toEqual([chartIds[2], chartIds[0], chartIds[1]]);
    expect((await send(admin, 'PATCH', `/section/${first!.id}/chart/order`, { order: [second!.charts![0]!.id] })).status).toBe(422);
    expect(await order()).toEqual([chartIds[2], chartIds[0], chartIds[1]]);

    const chart = first!.charts![0]!;
    const locIds = chart.dataLocations!.map((d) => d.id);
    expect((await send(admin, 'PATCH', `/chart/${chart.id}/dataLocation/order`, { order: [...locIds].reverse() })).status).toBe(200);
    const locs = async () => (await env<Chart>(await admin.get(`${API}/chart/${chart.id}`))).data.dataLocations!.map((d) => d.id);
    expect(await locs()).toEqual([...locIds].reverse());
    expect((await send(admin, 'PATCH', `/chart/${chart.id}/dataLocation/order`, { order: [locIds[0], second!.charts![0]!.dataLocations![0]!.id] })).status).toBe(422);
    expect(await locs()).toEqual([...locIds].reverse());
  });

  it('copies a report deeply, archives and de-archives it, deletes with its children', async () => {
    const source = await full(1);
    const copy = await send(admin, 'POST', '/report/1/copy');
    expect(copy.status).toBe(201);
    const copied = (await env<Report>(copy)).data;
    expect(copied).toMatchObject({ title: 'Burgerpeiling Zuiderhaven 2026 (kopie)', project_id: 1, status_id: 1 });
    const deep = await full(copied.id);
    const shape = (r: Report) => r.sections!.map((s) => [s.title, s.charts!.map((c) => [c.title, c.chart_type_id, c.dataLocations!.map((d) => d.column_key)])]);
    expect(shape(deep)).toEqual(shape(source));
    expect(deep.bookmarks!.map((b) => b.name)).toEqual(source.bookmarks!.map((b) => b.name));
    const sourceChartIds = new Set(source.sections!.flatMap((s) => s.charts!.map((c) => c.id)));
    expect(deep.sections!.flatMap((s) => s.charts!.map((c) => c.id)).some((id) => sourceChartIds.has(id))).toBe(false);

    const archived = await env<Report>(await send(admin, 'PUT', `/report/${copied.id}`, { archived: true }));
    expect(archived.data.archived).toBe(true);
    expect((await env<Report[]>(await admin.get(`${API}/report`))).data.map((r) => r.id)).not.toContain(copied.id);
    expect((await env<Report[]>(await admin.get(`${API}/report?archived=1`))).data.map((r) => r.id)).toContain(copied.id);
    const back = await env<Report>(await send(admin, 'PUT', `/report/${copied.id}/dearchive`));
    expect(back.data.archived).toBe(false);
    expect((await env<Report[]>(await admin.get(`${API}/report`))).data.map((r) => r.id)).toContain(copied.id);

    // Deleting a section removes its charts and their data locations.
    const section = deep.sections![0]!;
    const chartIds = section.charts!.map((c) => c.id);
    const del = await env<null>(await send(admin, 'DELETE', `/report/${copied.id}/section/${section.id}`));
    expect(del.alert).toBe('Element is verwijderd');
    expect(await t.db.select().from(reportCharts).where(inArray(reportCharts.id, chartIds))).toEqual([]);
    expect(await t.db.select().from(reportDataLocations).where(inArray(reportDataLocations.chartId, chartIds))).toEqual([]);
    // Deleting a chart removes its data locations.
    const chart = deep.sections![1]!.charts![0]!;
    expect((await send(admin, 'DELETE', `/chart/${chart.id}`)).status).toBe(200);
    expect(await t.db.select().from(reportDataLocations).where(eq(reportDataLocations.chartId, chart.id))).toEqual([]);
    // Deleting the report hides it and keeps its content for a restore; the admin's permanent
    // delete removes everything under it. The source stays whole.
    expect((await send(admin, 'DELETE', `/report/${copied.id}`)).status).toBe(200);
    expect((await admin.get(`${API}/report/${copied.id}`)).status).toBe(404);
    expect((await t.db.select().from(reportSections).where(eq(reportSections.reportId, copied.id))).length).toBeGreaterThan(0);
    const root = await directSession(t, 'admin@demo.impulz.nl');
    expect((await send(root, 'DELETE', `/admin/softDelete/report/delete/${copied.id}`)).status).toBe(200);
    expect(await t.db.select().from(reportSections).where(eq(reportSections.reportId, copied.id))).toEqual([]);
    expect(await t.db.select().from(reportBookmarks).where(eq(reportBookmarks.reportId, copied.id))).toEqual([]);
    expect(shape(await full(1))).toEqual(shape(source));
  });

  it('saves bookmarks with a name of at most 60 characters and a JSON list of benchmarks', async () => {
    const long = await send(admin, 'POST', '/report/1/reportBookmark', { name: 'x'.repeat(61), query_string: '[{"label":"A"}]' });
    expect((await env<unknown>(long)).errors).toEqual({ name: ['De maximale lengte voor dit veld is 60 karakters'] });
    const bad = await send(admin, 'POST', '/report/1/reportBookmark', { name: 'Kapot', query_string: '{niet json' });
    expect(bad.status).toBe(422);
    expect((await env<unknown>(bad)).errors).toEqual({ query_string: ['De uitsplitsing moet een JSON-lijst van benchmarks zijn'] });
    const ok = await send(admin, 'POST', '/report/1/reportBookmark', { name: 'Wijken', query_string: JSON.stringify([{ label: 'A', start: null, end: null, filterCategories: { 2: [101] } }]) });
    expect(ok.status).toBe(201);
    const created = await env<Bookmark>(ok);
    expect(created).toMatchObject({ alert: 'Uitsplitsing is aangemaakt', meta: { dutch: 'Uitsplitsing' }, data: { name: 'Wijken' } });
    expect(JSON.parse(created.data.query_string)).toEqual([{ label: 'A', start: null, end: null, filterCategories: { 2: [101] } }]);
    expect((await env<Bookmark>(await send(admin, 'PUT', `/report/1/reportBookmark/${created.data.id}`, { name: 'Per wijk' }))).alert).toBe('Uitsplitsing is opgeslagen');
    expect((await send(admin, 'PUT', `/report/${2}/reportBookmark/${created.data.id}`, { name: 'Elders' })).status).toBe(404);
    expect((await env<null>(await send(admin, 'DELETE', `/report/1/reportBookmark/${created.data.id}`))).alert).toBe('Element is verwijderd');
    expect(await t.db.select().from(reportBookmarks).where(eq(reportBookmarks.id, created.data.id))).toEqual([]);
  });

  it('lets a Gebruiker read but not change, and hides company 1 from another company (404)', async () => {
    expect((await user.get(`${API}/report/1?include=sections`)).status).toBe(200);
    expect((await user.get(`${API}/chart/1`)).status).toBe(200);
    for (const [method, path] of [['PUT', '/report/1'], ['POST', '/report'], ['DELETE', '/report/1'], ['POST', '/report/1/section'], ['PATCH', '/report/1/section/order'], ['POST', '/chart'], ['POST', '/report/1/copy'], ['POST', '/report/1/reportBookmark']] as const) {
      expect((await send(user, method, path, { title: 'x' })).status, `${method} ${path}`).toBe(403);
    }
    expect((await env<Report[]>(await other.get(`${API}/report`))).data.map((r) => r.id)).not.toContain(1);
    for (const [method, path] of [['GET', '/report/1'], ['GET', '/chart/1'], ['PUT', '/report/1'], ['DELETE', '/report/1'], ['POST', '/report/1/copy'], ['PUT', '/dataLocation/1'], ['DELETE', '/report/1/reportBookmark/1'], ['PATCH', '/section/1/chart/order']] as const) {
      const res = method === 'GET' ? await other.get(`${API}${path}`) : await send(other, method, path, method === 'PATCH' ? { order: [1] } : {});
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.text()).not.toMatch(/Zuiderhaven/);
    }
    expect((await send(other, 'POST', '/chart', { section_id: 1, chart_type_id: 1, title: 'x' })).status).toBe(404);
    expect((await full(1)).title).toBe('Burgerpeiling Zuiderhaven 2026');
  });

  it('lists the visible reports in bootstrap', async () => {
    type Boot = { data: { reports: { data: { id: number; title: string; project_id: number }[] } } };
    const mine = (await (await user.get(`${API}/bootstrap`)).json()) as Boot;
    expect(mine.data.reports.data).toContainEqual({ id: 1, title: 'Burgerpeiling Zuiderhaven 2026', project_id: 1 });
    const theirs = (await (await other.get(`${API}/bootstrap`)).json()) as Boot;
    expect(theirs.data.reports.data.map((r) => r.id)).not.toContain(1);
  });
});

describe('reports api: odd input never gives a 5xx', { timeout: 30_000 }, () => {
  it('answers malformed queries and bodies with a Dutch 4xx', async () => {
    const q = await admin.get(`${API}/report?archived=2`);
    expect(q.status).toBe(422);
    expect((await env<unknown>(q)).errors).toEqual({ archived: ['Gebruik archived=0 of archived=1'] });
    expect((await send(admin, 'POST', '/report', { project_id: 'abc', title: 'x' })).status).toBe(422);
    expect((await admin.fetch(`${API}/report/1`, { method: 'PUT', body: '{kapot', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await send(admin, 'PATCH', '/report/1/section/order', { order: [] })).status).toBe(422);
    expect((await send(admin, 'PUT', '/chart/1', { options: 'geen object' })).status).toBe(422);
    expect((await admin.get(`${API}/report/abc`)).status).toBe(404);
  });
});
