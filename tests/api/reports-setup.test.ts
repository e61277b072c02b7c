import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCharts, reportFilterCategories, reports, reportSections, reportUsers, surveys } from '../../src/server/db/schema';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';

interface Envelope<T> { data: T; meta?: { dutch: string }; alert?: string; errors?: Record<string, string[]> }
interface DataLocation { column_key: string; n_method: string; survey_id: number }
interface Chart { id: number; title: string; chart_type_id: number; kpi_id: number | null; data_format_id: number | null; section_id: number; dataLocations?: DataLocation[] }
interface Section { id: number; title: string; order: number; charts?: Chart[]; texts?: { body: string }[]; widgets?: { widget_key: string; settings: Record<string, unknown> }[] }
interface Report { id: number; title: string; project_id: number; parent_report_id: number | null; status_id: number; min_n: number; benchmark_count: number; direct_access: boolean; pdf_export: boolean; image_url: string | null; sections?: Section[] }

let admin: HttpSession;
let user: HttpSession;
let other: HttpSession;
let surveyId = 0;

const send = (s: HttpSession, method: string, path: string, body: unknown = {}) => s.fetch(`${API}${path}`, { method, json: body });
const env = async <T>(res: Response) => (await res.json()) as Envelope<T>;
// Published, so the Gebruiker (a reader) sees it too; readers never see concepts.
const newReport = async (title: string) => (await env<Report>(await send(admin, 'POST', '/report', { project_id: 1, title, status_id: 3 }))).data;
const full = async (id: number, s = admin) => (await env<Report>(await s.get(`${API}/report/${id}?include=sections.charts.dataLocations,sections.texts,sections.widgets`))).data;
const reportCount = async () => (await t.db.select({ id: reports.id }).from(reports)).length;
const upload = (s: HttpSession, id: number, bytes: Uint8Array, name = 'logo.png', type = 'image/png') => {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  return s.fetch(`${API}/report/${id}/image`, { method: 'POST', body: form });
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);
const GIF = new Uint8Array([...new TextEncoder().encode('GIF89a'), 1, 0, 1, 0, 0, 0, 0]);

beforeAll(async () => {
  admin = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  user = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  other = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
  const [s] = await t.db.select({ id: surveys.id }).from(surveys).where(eq(surveys.companyId, 1));
  surveyId = s!.id;
}, 30_000);

describe('demo reports (created through the services)', { timeout: 30_000 }, () => {
  it('has report 1 public with PDF export, an intro text and widgets, and a concept report with a response chart', async () => {
    const report = await full(1);
    expect(report).toMatchObject({ id: 1, direct_access: true, pdf_export: true, min_n: 10, status_id: 3 });
    // The map section (scripts/seed/maps.ts) comes after the concept report's section and charts.
    expect(report.sections!.map((s) => s.id)).toEqual([1, 2, 5]);
    expect(report.sections!.flatMap((s) => s.charts!.map((c) => c.id))).toEqual([1, 2, 3, 4, 5, 6, 9]);
    expect(report.sections![0]!.texts![0]!.body).toMatch(/Zuiderhaven/);
    expect(report.sections![0]!.widgets!.map((w) => w.widget_key)).toEqual(['response-counter']);
    expect(report.sections![1]!.widgets![0]).toMatchObject({ widget_key: 'contact', settings: { name: 'Team Onderzoek en Statistiek' } });
    const items = (await env<Report[]>(await admin.get(`${API}/report/index-items?project_id=1`))).data;
    const concept = items.find((r) => r.status_id === 1 && r.title.includes('concept'))!;
    expect(concept).toBeDefined();
    const charts = (await full(concept.id)).sections!.flatMap((s) => s.charts!);
    expect(charts.map((c) => c.title)).toEqual(['Aantal respondenten', 'Tevredenheid over de dienstverlening']);
    expect(charts[0]).toMatchObject({ chart_type_id: 10, kpi_id: 1 });
    expect(charts[0]!.dataLocations).toEqual([expect.objectContaining({ survey_id: surveyId, n_method: 'total' })]);
  });
});

describe('index items and variants', { timeout: 30_000 }, () => {
  it('lists light items for pickers with the same visibility as GET report', async () => {
    const res = await env<Record<string, unknown>[]>(await admin.get(`${API}/report/index-items`));
    expect(res.meta).toEqual({ dutch: 'Rapportage' });
    expect(res.data.find((r) => r.id === 1)).toEqual({ id: 1, title: 'Burgerpeiling Zuiderhaven 2026', project_id: 1, parent_report_id: null, status_id: 3, archived: false });
    expect((await env<{ id: number }[]>(await other.get(`${API}/report/index-items`))).data.map((r) => r.id)).not.toContain(1);
    expect((await admin.get(`${API}/report/index-items?project_id=x`)).status).toBe(422);
  });

  it('creates a variant as a copy of the parent with its own settings, lists it, and refuses odd parents', async () => {
    const res = await send(admin, 'POST', '/report', { parent_report_id: 1, title: 'Alleen Noord', min_n: 20 });
    expect(res.status).toBe(201);
    const variant = await env<Report>(res);
    expect(variant).toMatchObject({ alert: 'Rapportage is aangemaakt', data: { project_id: 1, parent_report_id: 1, min_n: 20, benchmark_count: 3, status_id: 1, direct_access: true } });
    const [parent, copy] = [await full(1), await full(variant.data.id)];
    const shape = (r: Report) => r.sections!.map((s) => [s.title, s.texts!.length, s.widgets!.map((w) => w.widget_key), s.charts!.map((c) => [c.title, c.dataLocations!.map((d) => d.column_key)])]);
    expect(shape(copy)).toEqual(shape(parent));
    const filters = async (id: number) => (await t.db.select().from(reportFilterCategories).where(eq(reportFilterCategories.reportId, id))).map((f) => f.categoryId).sort();
    expect(await filters(variant.data.id)).toEqual(await filters(1));
    expect((await env<Report[]>(await admin.get(`${API}/report/1/variant`))).data.map((r) => r.id)).toEqual([variant.data.id]);
    // A reader sees the variant once it is published, not while it is a concept.
    expect((await env<Report[]>(await user.get(`${API}/report/1/variant`))).data.map((r) => r.id)).toEqual([]);
    await send(admin, 'PUT', `/report/${variant.data.id}`, { status_id: 3 });
    expect((await env<Report[]>(await user.get(`${API}/report/1/variant`))).data.map((r) => r.id)).toEqual([variant.data.id]);

    const before = await reportCount();
    expect((await env<unknown>(await send(admin, 'POST', '/report', { parent_report_id: variant.data.id, title: 'Dieper' }))).errors).toEqual({ parent_report_id: ['Een subrapportage kan zelf geen subrapportages hebben.'] });
    expect((await env<unknown>(await send(admin, 'POST', '/report', { parent_report_id: 1, project_id: 2, title: 'Elders' }))).errors).toEqual({ project_id: ['Een subrapportage hoort bij hetzelfde project als de hoofdrapportage.'] });
    expect((await env<unknown>(await send(admin, 'POST', '/report', { title: 'Zwevend' }))).errors).toEqual({ project_id: ['Kies een project of een hoofdrapportage'] });
    expect((await send(other, 'POST', '/report', { parent_report_id: 1, title: 'Vreemd' })).status).toBe(404);
    expect((await send(user, 'POST', '/report', { parent_report_id: 1, title: 'Niet mogen' })).status).toBe(403);
    expect((await other.get(`${API}/report/1/variant`)).status).toBe(404);
    expect(await reportCount()).toBe(before);
    // Deleting the parent takes the variant with it (checked on a copy, report 1 stays).
    const main = (await env<Report>(await send(admin, 'POST', '/report/1/copy'))).data;
    const sub = (await env<Report>(await send(admin, 'POST', '/report', { parent_report_id: main.id, title: 'Sub' }))).data;
    expect((await send(admin, 'DELETE', `/report/${main.id}`)).status).toBe(200);
    expect((await admin.get(`${API}/report/${sub.id}`)).status).toBe(404);
  });
});

describe('report readers (report/{id}/user)', { timeout: 30_000 }, () => {
  it('restricts a report to its explicit readers; editors still see it; removing the last opens it again', async () => {
    const report = await newReport('Voor het college');
    expect((await user.get(`${API}/report/${report.id}`)).status).toBe(200);
    const list = await env<unknown[]>(await admin.get(`${API}/report/${report.id}/user`));
    expect(list).toMatchObject({ data: [], meta: { dutch: 'Gebruiker van de rapportage' } });
    const put = await env<{ id: number; fullname: string }[]>(await send(admin, 'PUT', `/report/${report.id}/user/2`));
    expect(put).toMatchObject({ alert: 'Gebruiker van de rapportage is opgeslagen', data: [{ id: 2, fullname: 'Bram Jansen' }] });
    expect((await user.get(`${API}/report/${report.id}`)).status).toBe(404);
    expect((await env<{ id: number }[]>(await user.get(`${API}/report`))).data.map((r) => r.id)).not.toContain(report.id);
    expect((await env<{ id: number }[]>(await user.get(`${API}/report/index-items`))).data.map((r) => r.id)).not.toContain(report.id);
    expect((await admin.get(`${API}/report/${report.id}`)).status).toBe(200);
    await send(admin, 'PUT', `/report/${report.id}/user/3`);
    await send(admin, 'PUT', `/report/${report.id}/user/3`); // idempotent
    expect((await env<unknown[]>(await admin.get(`${API}/report/${report.id}/user`))).data).toHaveLength(2);
    expect((await user.get(`${API}/report/${report.id}`)).status).toBe(200);
    expect((await env<null>(await send(admin, 'DELETE', `/report/${report.id}/user/3`))).alert).toBe('Element is verwijderd');
    expect((await user.get(`${API}/report/${report.id}`)).status).toBe(404);
    await send(admin, 'DELETE', `/report/${report.id}/user/2`);
    expect((await user.get(`${API}/report/${report.id}`)).status).toBe(200);
    expect((await send(admin, 'DELETE', `/report/${report.id}/user/2`)).status).toBe(404);
  });

  it('replaces the whole list with PUT report/{id}/user and clears it with DELETE', async () => {
    const report = await newReport('Lijst');
    const put = await env<{ id: number }[]>(await send(admin, 'PUT', `/report/${report.id}/user`, { user_ids: [2, 4] }));
    expect(put).toMatchObject({ alert: 'Gebruiker van de rapportage is opgeslagen' });
    expect(put.data.map((u) => u.id).sort()).toEqual([2, 4]);
    expect((await user.get(`${API}/report/${report.id}`)).status).toBe(404);
    const bad = await send(admin, 'PUT', `/report/${report.id}/user`, { user_ids: [3, 5] });
    expect(bad.status).toBe(422);
    expect((await env<unknown>(bad)).errors).toEqual({ user_ids: ['Gebruiker 5 hoort niet bij de organisatie van dit project.'] });
    expect((await send(admin, 'PUT', `/report/${report.id}/user`, { user_ids: [3, 3] })).status).toBe(422);
    expect((await send(admin, 'PUT', `/report/${report.id}/user`, { user_ids: 'alle' })).status).toBe(422);
    expect((await env<{ id: number }[]>(await admin.get(`${API}/report/${report.id}/user`))).data.map((u) => u.id).sort()).toEqual([2, 4]);
    const cleared = await env<unknown[]>(await send(admin, 'DELETE', `/report/${report.id}/user`));
    expect(cleared).toMatchObject({ alert: 'Element is verwijderd', data: [] });
    expect((await user.get(`${API}/report/${report.id}`)).status).toBe(200);
  });

  it('refuses users of another company, Gebruikers and other companies', async () => {
    const report = await newReport('Lezers');
    expect((await send(admin, 'PUT', `/report/${report.id}/user/5`)).status).toBe(404);
    expect((await send(admin, 'PUT', `/report/${report.id}/user/99999`)).status).toBe(404);
    expect((await send(user, 'PUT', `/report/${report.id}/user/3`)).status).toBe(403);
    expect((await user.get(`${API}/report/${report.id}/user`)).status).toBe(403);
    expect((await send(other, 'PUT', `/report/${report.id}/user/5`)).status).toBe(404);
    expect(await t.db.select().from(reportUsers).where(eq(reportUsers.reportId, report.id))).toEqual([]);
  });
});

describe('report image (report/{id}/image)', { timeout: 30_000 }, () => {
  it('stores a sniffed image in FILES, streams it back with auth and replaces the old one', async () => {
    const report = await newReport('Met logo');
    expect((await admin.get(`${API}/report/${report.id}/image`)).status).toBe(404);
    const res = await upload(admin, report.id, PNG);
    expect(res.status).toBe(201);
    expect(await env<unknown>(res)).toMatchObject({ alert: 'Afbeelding is opgeslagen', data: { image_url: `/portal/api/v2/report/${report.id}/image`, content_type: 'image/png', size: PNG.length } });
    const keys = t.bucket.keys().filter((k) => k.startsWith(`reports/${report.id}/image/`));
    expect(keys).toHaveLength(1);
    const got = await user.get(`${API}/report/${report.id}/image`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG);
    expect((await env<Report>(await admin.get(`${API}/report/${report.id}`))).data.image_url).toBe(`/portal/api/v2/report/${report.id}/image`);
    // A gif with a misleading name and type is stored as what it is; the png object is gone.
    expect((await upload(admin, report.id, GIF, 'foto.jpg', 'image/jpeg')).status).toBe(201);
    expect((await admin.get(`${API}/report/${report.id}/image`)).headers.get('content-type')).toBe('image/gif');
    const after = t.bucket.keys().filter((k) => k.startsWith(`reports/${report.id}/image/`));
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(keys[0]);
    expect((await other.get(`${API}/report/${report.id}/image`)).status).toBe(404);
  });

  it('refuses svg, non-images, missing files and files over 5 MB in Dutch, changing nothing', async () => {
    const report = await newReport('Zonder logo');
    const svg = await upload(admin, report.id, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml');
    expect(svg.status).toBe(422);
    expect((await env<unknown>(svg)).errors).toEqual({ file: ['Het bestand moet een afbeelding zijn (PNG, JPG, GIF of WebP)'] });
    expect((await upload(admin, report.id, new TextEncoder().encode('%PDF-1.7'), 'x.png')).status).toBe(422);
    expect((await env<unknown>(await admin.fetch(`${API}/report/${report.id}/image`, { method: 'POST', body: new FormData() }))).errors).toEqual({ file: ['Kies een afbeelding om te uploaden'] });
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await upload(admin, report.id, big);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message?: string; alert?: string }).message ?? '').toContain('Het bestand dat u heeft geüpload is te groot');
    expect((await upload(user, report.id, PNG)).status).toBe(403);
    expect((await upload(other, report.id, PNG)).status).toBe(404);
    expect(t.bucket.keys().filter((k) => k.startsWith(`reports/${report.id}/`))).toEqual([]);
    expect((await env<Report>(await admin.get(`${API}/report/${report.id}`))).data.image_url).toBeNull();
  });
});

describe('seed and response chart', { timeout: 60_000 }, () => {
  it('fills a report with a section per question group and a sensible chart per question', async () => {
    const report = await newReport('Gevuld');
    const res = await send(admin, 'PUT', `/report/${report.id}/seed`, { survey_id: surveyId });
    expect(res.status).toBe(200);
    const seeded = await env<Report>(res);
    expect(seeded.alert).toMatch(/^Rapportage is gevuld met \d+ secties en \d+ grafieken$/);
    const charts = seeded.data.sections!.flatMap((s) => s.charts!);
    const byColumn = (key: string) => charts.find((c) => c.dataLocations!.some((d) => d.column_key === key))!;
    expect(byColumn('buurt_SQ001')).toMatchObject({ chart_type_id: 4, title: expect.stringMatching(/^Hoe tevreden bent u/) });
    expect(byColumn('buurt_SQ001').dataLocations!.map((d) => d.column_key)).toEqual(['buurt_SQ001', 'buurt_SQ002', 'buurt_SQ003', 'buurt_SQ004']);
    // By question kind: a 5-point scale diverges in scale order, 3 points ('Nooit – Soms – Vaak') run in blues,
    // 0–10 is the NPS chart, yes/no a bar in two colours, multiple choice sorted, open text its top answers.
    expect(byColumn('buurt_SQ001')).toMatchObject({ color_scheme_id: 3, sorting_option_id: 1 });
    expect(byColumn('tevredengemeente')).toMatchObject({ chart_type_id: 1, color_scheme_id: 3, sorting_option_id: 1 });
    expect(byColumn('veilig_overdag')).toMatchObject({ chart_type_id: 4, color_scheme_id: 5 });
    expect(byColumn('aanbevelen').chart_type_id).toBe(14);
    expect(byColumn('contact')).toMatchObject({ chart_type_id: 1, color_scheme_id: 1 });
    expect(byColumn('problemen')).toMatchObject({ chart_type_id: 1, sorting_option_id: 2 });
    expect(byColumn('verbeterpunt')).toMatchObject({ chart_type_id: 13, data_format_id: 2 });
    expect(byColumn('rapportcijfer')).toMatchObject({ chart_type_id: 10, data_format_id: 4 });
    expect(charts.some((c) => c.dataLocations!.some((d) => d.column_key === 'opmerking'))).toBe(false);
    // Every generated data location passes the same column check as a hand-made one.
    for (const c of charts.slice(0, 5)) {
      expect((await send(admin, 'POST', '/dataLocation', { chart_id: c.id, survey_id: surveyId, column_key: c.dataLocations![0]!.column_key })).status).toBe(201);
    }
    const sections = seeded.data.sections!.length;
    await send(admin, 'PUT', `/report/${report.id}/seed`, { survey_id: surveyId });
    expect((await full(report.id)).sections).toHaveLength(2 * sections);
    await send(admin, 'PUT', `/report/${report.id}/seed`, { survey_id: surveyId, replace: true });
    expect((await full(report.id)).sections).toHaveLength(sections);
  });

  it('refuses a survey of another project, a Gebruiker and another company, writing nothing', async () => {
    const report = await newReport('Leeg');
    const [foreign] = await t.db.insert(surveys).values({ companyId: 1, title: 'Niet gekoppeld', baseLanguage: 'nl' }).returning();
    const bad = await send(admin, 'PUT', `/report/${report.id}/seed`, { survey_id: foreign!.id });
    expect(bad.status).toBe(422);
    expect((await env<unknown>(bad)).errors).toEqual({ survey_id: ['Deze enquête hoort niet bij het project van deze rapportage.'] });
    expect((await env<unknown>(await send(admin, 'PUT', `/report/${report.id}/seed`, {}))).errors).toHaveProperty('survey_id');
    expect((await send(user, 'PUT', `/report/${report.id}/seed`, { survey_id: surveyId })).status).toBe(403);
    expect((await send(other, 'PUT', `/report/${report.id}/seed`, { survey_id: surveyId })).status).toBe(404);
    expect(await t.db.select().from(reportSections).where(eq(reportSections.reportId, report.id))).toEqual([]);
  });

  it('creates the one response chart first in the first section, then updates it in place', async () => {
    const report = await newReport('Respons');
    const section = (await env<Section>(await send(admin, 'POST', `/report/${report.id}/section`, { title: 'Eerste' }))).data;
    await send(admin, 'POST', '/chart', { section_id: section.id, chart_type_id: 1, title: 'Bestaand' });
    const res = await send(admin, 'PUT', `/report/${report.id}/responseChart`, {});
    expect(res.status).toBe(201);
    const chart = await env<Chart>(res);
    expect(chart).toMatchObject({ alert: 'Grafiek is aangemaakt', data: { section_id: section.id, chart_type_id: 10, kpi_id: 1, title: 'Aantal respondenten' } });
    expect((await full(report.id)).sections![0]!.charts!.map((c) => c.title)).toEqual(['Aantal respondenten', 'Bestaand']);
    const again = await send(admin, 'PUT', `/report/${report.id}/responseChart`, { title: 'Respons totaal' });
    expect(again.status).toBe(200);
    expect(await env<Chart>(again)).toMatchObject({ alert: 'Grafiek is opgeslagen', data: { id: chart.data.id, title: 'Respons totaal' } });
    expect(await t.db.select().from(reportCharts).where(and(eq(reportCharts.sectionId, section.id), eq(reportCharts.kpiId, 1)))).toHaveLength(1);
    // Its number is the group size: every respondent of the period.
    const answer = await admin.fetch(`${API}/data/1/nl/report/${report.id}/chart/${chart.data.id}`, { method: 'POST', json: { benchmarks: [{ label: 'Alle' }] } });
    expect(answer.status).toBe(200);
    const cell = ((await answer.json()) as { data: { dataLocations: { benchmarks: { stats?: { groupSize: number; base: number } }[] }[] } }).data.dataLocations[0]!.benchmarks[0]!;
    expect(cell.stats!.groupSize).toBeGreaterThan(0);
    expect((await send(admin, 'PUT', `/report/${report.id}/responseChart`, { section_id: 1 })).status).toBe(404);
    expect((await send(admin, 'PUT', `/report/${report.id}/responseChart`, { title: 'x'.repeat(192) })).status).toBe(422);
    expect((await send(user, 'PUT', `/report/${report.id}/responseChart`, {})).status).toBe(403);
  });
});
