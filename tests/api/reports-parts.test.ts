import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportChartOptions, reportTexts, reportWidgets } from '../../src/server/db/schema';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { directSession } from '../helpers/direct-session';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';

interface Envelope<T> { data: T; meta?: { dutch: string }; alert?: string; errors?: Record<string, string[]> }
interface Option { id: number; chart_id: number; key: string; value: unknown }
interface Text { id: number; report_id: number; section_id: number | null; chart_id: number | null; position: string; body: string }
interface Widget { id: number; report_id: number; section_id: number; widget_type_id: number; widget_key: string; order: number; settings: Record<string, unknown> }
interface Chart { id: number; options: Record<string, unknown>; chartOptions?: Option[]; texts?: Text[] }
interface Section { id: number; charts?: Chart[]; texts?: Text[]; widgets?: Widget[] }
interface Report { id: number; sections?: Section[] }

let admin: HttpSession;
let user: HttpSession;
let other: HttpSession;
let reportId = 0;
let sectionId = 0;
let chartId = 0;

const send = (s: HttpSession, method: string, path: string, body: unknown = {}) => s.fetch(`${API}${path}`, { method, json: body });
const env = async <T>(res: Response) => (await res.json()) as Envelope<T>;
const rows = async (table: typeof reportChartOptions | typeof reportTexts | typeof reportWidgets) => (await t.db.select({ id: table.id }).from(table)).length;

beforeAll(async () => {
  admin = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  user = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  other = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
  reportId = (await env<Report>(await send(admin, 'POST', '/report', { project_id: 1, title: 'Onderdelen', status_id: 3 }))).data.id;
  sectionId = (await env<Section>(await send(admin, 'POST', `/report/${reportId}/section`, { title: 'Sectie' }))).data.id;
  chartId = (await env<Chart>(await send(admin, 'POST', '/chart', { section_id: sectionId, chart_type_id: 1, title: 'Staaf', options: { decimals: 1, showLegend: true } }))).data.id;
}, 30_000);

describe('chart options (chart/{chartId}/chartOption)', { timeout: 30_000 }, () => {
  it('creates, upserts by key, updates, lists, overlays options and deletes', async () => {
    const created = await send(admin, 'POST', `/chart/${chartId}/chartOption`, { key: 'decimals', value: '2' });
    expect(created.status).toBe(201);
    const option = await env<Option>(created);
    expect(option).toMatchObject({ alert: 'Grafiekoptie is aangemaakt', meta: { dutch: 'Grafiekoptie' }, data: { chart_id: chartId, key: 'decimals', value: 2 } });
    // The same key again replaces the value on the same row.
    const again = await env<Option>(await send(admin, 'POST', `/chart/${chartId}/chartOption`, { key: 'decimals', value: 3 }));
    expect(again.data).toMatchObject({ id: option.data.id, value: 3 });
    const showN = (await env<Option>(await send(admin, 'POST', `/chart/${chartId}/chartOption`, { key: 'showN', value: true }))).data;
    const list = await env<Option[]>(await admin.get(`${API}/chart/${chartId}/chartOption`));
    expect(list.data.map((o) => [o.key, o.value])).toEqual([['decimals', 3], ['showN', true]]);
    expect((await env<Option>(await admin.get(`${API}/chart/${chartId}/chartOption/${showN.id}`))).data.key).toBe('showN');
    // Chart options win over the chart's options object; the nested include lists them.
    const chart = (await env<Chart>(await admin.get(`${API}/chart/${chartId}`))).data;
    expect(chart.options).toEqual({ decimals: 3, showLegend: true, showN: true });
    const report = (await env<Report>(await admin.get(`${API}/report/${reportId}?include=sections.charts.chartOptions`))).data;
    expect(report.sections![0]!.charts![0]!.chartOptions!.map((o) => o.key)).toEqual(['decimals', 'showN']);
    const plain = (await env<Report>(await admin.get(`${API}/report/${reportId}?include=sections.charts`))).data;
    expect(plain.sections![0]!.charts![0]!.chartOptions).toBeUndefined();
    expect(plain.sections![0]!.charts![0]!.options).toMatchObject({ decimals: 3, showN: true });
    const renamed = await env<Chart>(await send(admin, 'PUT', `/chart/${chartId}`, { title: 'Staaf 2', options: { decimals: 0, showLegend: false } }));
    expect(renamed.data.options).toEqual({ decimals: 3, showLegend: false, showN: true });
    expect(renamed.data.chartOptions).toBeUndefined();

    const put = await env<Option>(await send(admin, 'PUT', `/chart/${chartId}/chartOption/${showN.id}`, { value: 'false' }));
    expect(put).toMatchObject({ alert: 'Grafiekoptie is opgeslagen', data: { value: false } });
    expect((await env<null>(await send(admin, 'DELETE', `/chart/${chartId}/chartOption/${showN.id}`))).alert).toBe('Element is verwijderd');
    expect(await t.db.select().from(reportChartOptions).where(eq(reportChartOptions.id, showN.id))).toEqual([]);
  });

  it('refuses unknown keys and values of the wrong type in Dutch, writing nothing', async () => {
    const before = await rows(reportChartOptions);
    const unknown = await send(admin, 'POST', `/chart/${chartId}/chartOption`, { key: 'kleur', value: 'rood' });
    expect(unknown.status).toBe(422);
    expect(Object.keys((await env<unknown>(unknown)).errors!)).toEqual(['key']);
    const wrong = await env<unknown>(await send(admin, 'POST', `/chart/${chartId}/chartOption`, { key: 'decimals', value: 7 }));
    expect(wrong.errors).toEqual({ value: ['Kies een heel getal van 0 tot en met 3'] });
    expect((await env<unknown>(await send(admin, 'POST', `/chart/${chartId}/chartOption`, { key: 'stacked', value: 'misschien' }))).errors).toEqual({ value: ['Kies ja of nee'] });
    const decimals = (await env<Option[]>(await admin.get(`${API}/chart/${chartId}/chartOption`))).data.find((o) => o.key === 'decimals')!;
    expect((await env<unknown>(await send(admin, 'PUT', `/chart/${chartId}/chartOption/${decimals.id}`, { value: -1 }))).errors).toEqual({ value: ['Kies een heel getal van 0 tot en met 3'] });
    expect(await rows(reportChartOptions)).toBe(before);
    expect((await env<Option>(await admin.get(`${API}/chart/${chartId}/chartOption/${decimals.id}`))).data.value).toBe(3);
    // An option of another chart under this chart's path does not exist.
    const chart2 = (await env<Chart>(await send(admin, 'POST', '/chart', { section_id: sectionId, chart_type_id: 2, title: 'Kolom' }))).data.id;
    expect((await send(admin, 'PUT', `/chart/${chart2}/chartOption/${decimals.id}`, { value: 1 })).status).toBe(404);
  });
});

describe('texts (text, text/{id})', { timeout: 30_000 }, () => {
  it('attaches markdown to a section or a chart, edits and deletes it', async () => {
    const res = await send(admin, 'POST', '/text', { section_id: sectionId, body: '# Inleiding\n\nDeze **peiling**…' });
    expect(res.status).toBe(201);
    const text = await env<Text>(res);
    expect(text).toMatchObject({ alert: 'Tekst is aangemaakt', meta: { dutch: 'Tekst' }, data: { report_id: reportId, section_id: sectionId, chart_id: null, position: 'before' } });
    const onChart = (await env<Text>(await send(admin, 'POST', '/text', { chart_id: chartId, position: 'after', body: 'Toelichting' }))).data;
    expect(onChart).toMatchObject({ section_id: null, chart_id: chartId, position: 'after' });
    const report = (await env<Report>(await admin.get(`${API}/report/${reportId}?include=sections.texts,sections.charts.texts`))).data;
    expect(report.sections![0]!.texts!.map((x) => x.id)).toEqual([text.data.id]);
    expect(report.sections![0]!.charts!.find((c) => c.id === chartId)!.texts!.map((x) => x.id)).toEqual([onChart.id]);
    const put = await env<Text>(await send(admin, 'PUT', `/text/${text.data.id}`, { body: 'Nieuw', position: 'after' }));
    expect(put).toMatchObject({ alert: 'Tekst is opgeslagen', data: { body: 'Nieuw', position: 'after' } });
    expect((await env<null>(await send(admin, 'DELETE', `/text/${onChart.id}`))).alert).toBe('Element is verwijderd');
    expect(await t.db.select().from(reportTexts).where(eq(reportTexts.id, onChart.id))).toEqual([]);
  });

  it('refuses a missing or double target, a bad position and a body over 20,000 characters', async () => {
    const before = await rows(reportTexts);
    expect((await env<unknown>(await send(admin, 'POST', '/text', { body: 'x' }))).errors).toEqual({ section_id: ['Kies een sectie of een grafiek (precies één van beide)'] });
    expect((await send(admin, 'POST', '/text', { section_id: sectionId, chart_id: chartId, body: 'x' })).status).toBe(422);
    expect((await env<unknown>(await send(admin, 'POST', '/text', { section_id: sectionId, position: 'midden', body: 'x' }))).errors).toEqual({ position: ['Kies voor of na'] });
    expect((await env<unknown>(await send(admin, 'POST', '/text', { section_id: sectionId, body: 'x'.repeat(20_001) }))).errors).toEqual({ body: ['De tekst mag maximaal 20.000 tekens lang zijn'] });
    expect((await env<unknown>(await send(admin, 'POST', '/text', { section_id: sectionId, body: '   ' }))).errors).toEqual({ body: ['Dit veld mag niet leeg zijn'] });
    expect((await send(admin, 'POST', '/text', { section_id: 999_999, body: 'x' })).status).toBe(404);
    expect(await rows(reportTexts)).toBe(before);
  });
});

describe('widgets (widget, widget/{id})', { timeout: 30_000 }, () => {
  it('places widgets of the lookup in a section in order, reads, edits and deletes them', async () => {
    const boot = (await (await admin.get(`${API}/bootstrap`)).json()) as { data: { widgets: { data: { id: number; key: string; name: string }[] } } };
    expect(boot.data.widgets.data.map((w) => w.key)).toEqual(['response-counter', 'date-range', 'min-n-notice', 'contact']);
    const first = await send(admin, 'POST', '/widget', { section_id: sectionId, widget_type_id: 1 });
    expect(first.status).toBe(201);
    const counter = await env<Widget>(first);
    expect(counter).toMatchObject({ alert: 'Widget is aangemaakt', meta: { dutch: 'Widget' }, data: { widget_key: 'response-counter', order: 0, settings: {} } });
    const contact = (await env<Widget>(await send(admin, 'POST', '/widget', { section_id: sectionId, widget_type_id: 4, settings: { name: 'Team Onderzoek', email: 'onderzoek@zuiderhaven.nl' } }))).data;
    expect(contact).toMatchObject({ order: 1, settings: { name: 'Team Onderzoek', email: 'onderzoek@zuiderhaven.nl' } });
    expect((await env<Widget>(await admin.get(`${API}/widget/${contact.id}`))).data.widget_key).toBe('contact');
    const put = await env<Widget>(await send(admin, 'PUT', `/widget/${contact.id}`, { order: 0, settings: { name: 'Afdeling Onderzoek', phone: '14 0180' } }));
    expect(put).toMatchObject({ alert: 'Widget is opgeslagen', data: { order: 0, settings: { name: 'Afdeling Onderzoek', phone: '14 0180' } } });
    expect((await send(admin, 'PUT', `/widget/${counter.data.id}`, { order: 2 })).status).toBe(200);
    const report = (await env<Report>(await admin.get(`${API}/report/${reportId}?include=sections.widgets`))).data;
    expect(report.sections![0]!.widgets!.map((w) => w.id)).toEqual([contact.id, counter.data.id]);
    const patched = await send(admin, 'PATCH', `/section/${sectionId}/widget/order`, { order: [counter.data.id] });
    expect(await env<unknown>(patched)).toMatchObject({ alert: 'De volgorde is opgeslagen', data: [{ id: counter.data.id, order: 0 }, { id: contact.id, order: 1 }] });
    const otherSection = (await env<Section>(await send(admin, 'POST', `/report/${reportId}/section`, { title: 'Ander' }))).data.id;
    const stray = (await env<Widget>(await send(admin, 'POST', '/widget', { section_id: otherSection, widget_type_id: 2 }))).data.id;
    const foreign = await send(admin, 'PATCH', `/section/${sectionId}/widget/order`, { order: [contact.id, stray] });
    expect((await env<unknown>(foreign)).errors).toEqual({ order: [`Widget ${stray} hoort niet bij dit onderdeel.`] });
    expect((await env<Widget>(await admin.get(`${API}/widget/${counter.data.id}`))).data.order).toBe(0);
    expect((await env<null>(await send(admin, 'DELETE', `/widget/${counter.data.id}`))).alert).toBe('Element is verwijderd');
    expect(await t.db.select().from(reportWidgets).where(eq(reportWidgets.id, counter.data.id))).toEqual([]);
  });

  it('refuses unknown widget types and settings that do not fit the type, writing nothing', async () => {
    const before = await rows(reportWidgets);
    expect((await env<unknown>(await send(admin, 'POST', '/widget', { section_id: sectionId, widget_type_id: 99 }))).errors).toEqual({ widget_type_id: ['Kies een geldige waarde uit de lijst'] });
    expect((await env<unknown>(await send(admin, 'POST', '/widget', { section_id: sectionId, widget_type_id: 4, settings: {} }))).errors).toEqual({ 'settings.name': ['Dit veld mag niet leeg zijn'] });
    expect((await send(admin, 'POST', '/widget', { section_id: sectionId, widget_type_id: 1, settings: { script: '<script>' } })).status).toBe(422);
    expect((await env<unknown>(await send(admin, 'POST', '/widget', { section_id: sectionId, widget_type_id: 4, settings: { name: 'X', email: 'geen-mail' } }))).errors).toEqual({ 'settings.email': ['Voer een geldig e-mailadres in'] });
    const id = (await env<Widget>(await send(admin, 'POST', '/widget', { section_id: sectionId, widget_type_id: 2 }))).data.id;
    expect((await send(admin, 'PUT', `/widget/${id}`, { settings: { name: 'past niet bij dit type' } })).status).toBe(422);
    expect((await env<Widget>(await admin.get(`${API}/widget/${id}`))).data.settings).toEqual({});
    expect(await rows(reportWidgets)).toBe(before + 1);
  });
});

describe('roles and other companies', { timeout: 30_000 }, () => {
  it('lets a Gebruiker read but not change; another company gets 404 and sees nothing', async () => {
    const widget = (await env<Widget>(await send(admin, 'POST', '/widget', { section_id: sectionId, widget_type_id: 3 }))).data;
    const text = (await env<Text>(await send(admin, 'POST', '/text', { section_id: sectionId, body: 'Zuiderhaven' }))).data;
    expect((await user.get(`${API}/widget/${widget.id}`)).status).toBe(200);
    expect((await user.get(`${API}/chart/${chartId}/chartOption`)).status).toBe(200);
    for (const [method, path] of [['POST', '/text'], ['PUT', `/text/${text.id}`], ['DELETE', `/text/${text.id}`], ['POST', '/widget'], ['PUT', `/widget/${widget.id}`], ['DELETE', `/widget/${widget.id}`], ['POST', `/chart/${chartId}/chartOption`]] as const) {
      expect((await send(user, method, path, { section_id: sectionId, body: 'x', widget_type_id: 1, key: 'showN', value: true })).status, `${method} ${path}`).toBe(403);
    }
    for (const [method, path] of [['GET', `/widget/${widget.id}`], ['PUT', `/text/${text.id}`], ['DELETE', `/widget/${widget.id}`], ['GET', `/chart/${chartId}/chartOption`], ['POST', `/chart/${chartId}/chartOption`]] as const) {
      const res = method === 'GET' ? await other.get(`${API}${path}`) : await send(other, method, path, { body: 'x', key: 'showN', value: true });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.text()).not.toMatch(/Zuiderhaven/);
    }
    expect((await send(other, 'POST', '/text', { section_id: sectionId, body: 'x' })).status).toBe(404);
    expect((await send(other, 'POST', '/widget', { section_id: sectionId, widget_type_id: 1 })).status).toBe(404);
  });

  it('removes options, texts and widgets with their chart, section and report', async () => {
    const section = (await env<Section>(await send(admin, 'POST', `/report/${reportId}/section`, { title: 'Weg' }))).data.id;
    const chart = (await env<Chart>(await send(admin, 'POST', '/chart', { section_id: section, chart_type_id: 1, title: 'Weg' }))).data.id;
    await send(admin, 'POST', `/chart/${chart}/chartOption`, { key: 'showN', value: true });
    await send(admin, 'POST', '/text', { chart_id: chart, body: 'weg' });
    await send(admin, 'POST', '/text', { section_id: section, body: 'weg' });
    await send(admin, 'POST', '/widget', { section_id: section, widget_type_id: 1 });
    expect((await send(admin, 'DELETE', `/report/${reportId}/section/${section}`)).status).toBe(200);
    expect(await t.db.select().from(reportChartOptions).where(eq(reportChartOptions.chartId, chart))).toEqual([]);
    expect(await t.db.select().from(reportTexts).where(eq(reportTexts.chartId, chart))).toEqual([]);
    expect(await t.db.select().from(reportTexts).where(eq(reportTexts.sectionId, section))).toEqual([]);
    expect(await t.db.select().from(reportWidgets).where(eq(reportWidgets.sectionId, section))).toEqual([]);
    expect((await send(admin, 'DELETE', `/report/${reportId}`)).status).toBe(200);
    // The content stays for a restore until the admin deletes the report for good.
    const root = await directSession(t, 'admin@demo.impulz.nl');
    expect((await send(root, 'DELETE', `/admin/softDelete/report/delete/${reportId}`)).status).toBe(200);
    expect(await t.db.select().from(reportTexts).where(eq(reportTexts.reportId, reportId))).toEqual([]);
    expect(await t.db.select().from(reportWidgets).where(eq(reportWidgets.reportId, reportId))).toEqual([]);
    expect(await t.db.select().from(reportChartOptions).where(eq(reportChartOptions.chartId, chartId))).toEqual([]);
  });
});
