import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCharts, reportDataLocations, reports, reportSections, themes, companyThemes } from '../../src/server/db/schema';
import { loadPdfTheme } from '../../src/server/services/export/pdf-theme';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { demoSurveyId } from '../helpers/demo-survey';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
let surveyId = 0;
let admin: HttpSession;

const exportPdf = (s: HttpSession, id: number, body: unknown) => s.fetch(`${API}/report/${id}/export`, { method: 'POST', json: body });
async function pdfText(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}
const json = async <T>(r: Response) => ((await r.json()) as { data: T }).data;

beforeAll(async () => {
  surveyId = await demoSurveyId(t.db);
  admin = t.session();
  await loginAs(admin, 'beheerder@demo.impulz.nl');
}, 30_000);

describe('PDF export of a report', { timeout: 90_000 }, () => {
  it('answers the demo report as a PDF attachment with the title and both section titles', async () => {
    const res = await exportPdf(admin, 1, { benchmarks: [{ label: 'Alle' }, { label: 'Jong', filterOptions: [1] }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="Burgerpeiling Zuiderhaven 2026.pdf"');
    const text = await pdfText(res);
    expect(text).toContain('Burgerpeiling Zuiderhaven 2026');
    expect(text).toContain('Wonen in de buurt');
    expect(text).toContain('Gemeente en dienstverlening');
    expect(text).toContain('Tevredenheid over de dienstverlening');
    expect(text).toMatch(/Jong: Leeftijd[^:]*: 18/);
    expect(text).toMatch(/Pagina 2 van \d+/);
  });

  it('lists the benchmarks on the cover by their names, never by a letter (issue 35, item 3)', async () => {
    // Without labels, and with the letters the menu shows for them: the server names them after their filters.
    const res = await exportPdf(admin, 1, { benchmarks: [{}, { label: 'B', filterOptions: [1] }] });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: false });
    const cover = text[0]!;
    // One line per benchmark, its name first; 'Alle respondenten' not repeated as its own filter.
    expect(cover).toMatch(/\nAlle respondenten \(vanaf 1 januari 2026 tot en met 31 december 2026\)\n/);
    expect(cover).toMatch(/\n18 t\/m 34 jaar: Leeftijdsgroep: 18 t\/m 34 jaar \(vanaf/);
    expect(cover).not.toMatch(/(^|\n)\s*[A-Z]: /);
  });

  it('refuses without dashboard.export (403), for another company and with pdf_export off (404), bad input (422)', async () => {
    const api = t.session();
    await loginAs(api, 'api@demo.impulz.nl');
    expect((await exportPdf(api, 1, { benchmarks: [{}] })).status).toBe(403);
    const other = t.session();
    await loginAs(other, 'beheerder@noordbroek.demo.impulz.nl');
    const foreign = await exportPdf(other, 1, { benchmarks: [{}] });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain('Zuiderhaven');
    expect((await exportPdf(admin, 9999, { benchmarks: [{}] })).status).toBe(404);
    expect((await exportPdf(admin, 1, { benchmarks: [] })).status).toBe(422);
    await t.db.update(reports).set({ pdfExport: false }).where(eq(reports.id, 1));
    try {
      expect((await exportPdf(admin, 1, { benchmarks: [{}] })).status).toBe(404);
    } finally {
      await t.db.update(reports).set({ pdfExport: true }).where(eq(reports.id, 1));
    }
  });

  it('shows a suppressed benchmark as "Te weinig respondenten" without any of its numbers', async () => {
    const { rows } = await t.client.execute({
      sql: `select json_extract(answers, '$.jarenwonen') as v, count(*) as n from survey_responses where survey_id = ? and coalesce(json_extract(answers, '$.jarenwonen'), '') <> '' group by v having n between 1 and 9 limit 1`,
      args: [surveyId],
    });
    const cat = await json<{ id: number }>(await admin.fetch(`${API}/project/1/survey/${surveyId}/filterCategory`, { method: 'POST', json: { title: 'Woonduur' } }));
    const few = await json<{ id: number }>(await admin.fetch(`${API}/filterCategory/${cat.id}/filterOption`, { method: 'POST', json: { label: 'Zeldzaam' } }));
    await admin.fetch(`${API}/filterCategory/${cat.id}/filterOption/${few.id}/filterCondition`, { method: 'POST', json: { column_key: 'jarenwonen', comparator: 'equal', value: Number(rows[0]!.v) } });
    // Report 1 offers only its attached categories: attach the new one.
    expect((await admin.fetch(`${API}/report/1/filterCategory/${cat.id}`, { method: 'POST', json: {} })).status).toBe(201);
    // n is written only on charts whose 'Toon n' is on: switch it on for chart 3.
    const showN = await json<{ id: number }>(await admin.fetch(`${API}/chart/3/chartOption`, { method: 'POST', json: { key: 'showN', value: true } }));
    const res = await exportPdf(admin, 1, { benchmarks: [{ label: 'Alle' }, { label: 'Zeldzaam', filterOptions: [few.id] }] });
    await admin.fetch(`${API}/chart/3/chartOption/${showN.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    const text = await pdfText(res);
    expect(text).toContain('Zeldzaam: Te weinig respondenten (minder dan 10)');
    expect(text).toMatch(/Alle: n = [\d.]+/);
    expect(text).not.toMatch(/Zeldzaam: n =/);
    expect(text).not.toMatch(/Zeldzaam \(n =/);
    // The response counter (a widget of section 1) goes through the engine too: no number for the small group.
    expect(text).toContain('Aantal respondenten');
    expect(text).not.toMatch(/Zeldzaam: \d/);
  });

  it("shows the sections' widgets from the same numbers as the charts, and honours the chart settings rows", async () => {
    const body = { benchmarks: [{ label: 'Alle' }, { label: 'Jong', filterOptions: [1] }] };
    const data = await json<{ dataLocations: { benchmarks: ({ suppressed: false; stats: { groupSize: number } } | { suppressed: true })[] }[] }>(
      await admin.fetch(`${API}/data/1/nl/report/1`, { method: 'POST', json: body }),
    );
    const sizes = data.dataLocations[0]!.benchmarks.map((b) => (b.suppressed ? null : b.stats.groupSize.toLocaleString('nl-NL')));
    const before = await pdfText(await exportPdf(admin, 1, body));
    // Response counter (section 1) with each benchmark's released group size; contact block (section 2).
    expect(before).toContain('Aantal respondenten');
    expect(before).not.toContain('Responsteller');
    expect(before).toContain(`Alle: ${sizes[0]}`);
    expect(before).toContain(`Jong: ${sizes[1]}`);
    expect(before).toContain('Contact');
    expect(before).not.toContain('Contactblok');
    expect(before).toContain('Team Onderzoek en Statistiek');
    expect(before).toContain('onderzoek@zuiderhaven.demo.impulz.nl');
    expect(before).not.toMatch(/\d+,\d\d%/);
    // No chart of the demo report has 'Toon n' on: the PDF writes no n, as the staff view and the public page.
    expect(before).not.toMatch(/\bn = \d/);
    // A settings row ('decimals' 2 on chart 3) wins over the chart's options object in the PDF as in the other renderers.
    const row = await json<{ id: number }>(await admin.fetch(`${API}/chart/3/chartOption`, { method: 'POST', json: { key: 'decimals', value: 2 } }));
    try {
      expect(await pdfText(await exportPdf(admin, 1, body))).toMatch(/\d+,\d\d%/);
    } finally {
      await admin.fetch(`${API}/chart/3/chartOption/${row.id}`, { method: 'DELETE' });
    }
  });

  it('turns a report of more than 40 charts into a job whose result is the PDF, for its owner only', async () => {
    const [report] = await t.db.insert(reports).values({ projectId: 1, title: 'Grote rapportage', endDate: '2099-12-31', startDate: '2000-01-01', pdfExport: true }).returning();
    const [section] = await t.db.insert(reportSections).values({ reportId: report!.id, title: 'Alle kanalen' }).returning();
    const charts = await t.db
      .insert(reportCharts)
      .values(Array.from({ length: 41 }, (_, i) => ({ sectionId: section!.id, chartTypeId: 1 + (i % 10), title: `Grafiek ${i + 1}`, order: i, dataFormatId: 1 })))
      .returning();
    await t.db.insert(reportDataLocations).values(charts.map((c) => ({ chartId: c.id, surveyId, columnKey: i(c.order) })));
    const res = await exportPdf(admin, report!.id, { benchmarks: [{ label: 'A' }] });
    expect(res.status).toBe(202);
    const { job } = await json<{ job: { id: number; status: string } }>(res);
    const status = await json<{ status: string; progress: number }>(await admin.fetch(`${API}/job/${job.id}`));
    expect(status).toMatchObject({ status: 'done', progress: 100 });
    const result = await admin.fetch(`${API}/job/${job.id}/result`);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-disposition')).toContain('Grote rapportage.pdf');
    const text = await pdfText(result);
    expect(text).toContain('Grote rapportage');
    expect(text).toContain('Grafiek 41');
    expect(t.bucket ? await t.files.get(`exports/${job.id}.pdf`) : null).not.toBeNull();
    const someoneElse = t.session();
    await loginAs(someoneElse, 'gebruiker@demo.impulz.nl');
    expect((await someoneElse.fetch(`${API}/job/${job.id}/result`)).status).toBe(404);
  });
});

describe('PDF theme', () => {
  it('is the default pdf theme, overlaid with the pdf theme the company uses', async () => {
    const builtIn = { primary: '#1f4e79', accent: '#f28c28', dark: false, font: 'Helvetica' };
    expect(await loadPdfTheme(t.db, 1)).toEqual(builtIn);
    const [own] = await t.db.insert(themes).values({ companyId: 1, name: 'Zuiderhaven PDF', type: 'pdf', fields: { primary: '#2e7d7d', isDark: true } }).returning();
    // A theme the company has but does not use changes nothing.
    await t.db.insert(companyThemes).values({ companyId: 1, themeId: own!.id });
    expect(await loadPdfTheme(t.db, 1)).toEqual(builtIn);
    await t.db.update(companyThemes).set({ isDefault: true }).where(eq(companyThemes.themeId, own!.id));
    expect(await loadPdfTheme(t.db, 1)).toEqual({ primary: '#2e7d7d', accent: '#f28c28', dark: true, font: 'Helvetica' });
    // Another company's theme never applies.
    expect(await loadPdfTheme(t.db, 2)).toMatchObject({ primary: '#1f4e79', dark: false });
  });
});

/** Alternating single-choice and numeric-ish columns of the demo survey. */
function i(order: number): string {
  return ['kanaal', 'tevredengemeente', 'rapportcijfer', 'problemen'][order % 4]!;
}
