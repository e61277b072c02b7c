import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportCharts, reports } from '../../src/server/db/schema';
import type { RChartResult } from '../../src/shared/rchart';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { demoSurveyId } from '../helpers/demo-survey';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
let surveyId = 0;
let editor: HttpSession;
let viewer: HttpSession;
let reportId = 0;
let sectionId = 0;

const json = async <T>(r: Response) => ((await r.json()) as { data: T }).data;
const post = (s: HttpSession, path: string, body: unknown) => s.fetch(`${API}${path}`, { method: 'POST', json: body });
const rchart = (s: HttpSession, chartId: number, body: unknown, section = sectionId, report = reportId) => post(s, `/data/1/nl/report/${report}/section/${section}/rchart/${chartId}`, body);
async function result(res: Response): Promise<RChartResult> {
  expect(res.status).toBe(200);
  return json<RChartResult>(res);
}
async function chartWith(values: unknown, typeId = 16): Promise<number> {
  const res = await post(editor, '/chart', { section_id: sectionId, chart_type_id: typeId, title: 'R', ...(values === undefined ? {} : { options: { rchart: values } }) });
  expect(res.status).toBe(201);
  return (await json<{ id: number }>(res)).id;
}
async function sqlCount(where: string): Promise<number> {
  const [r] = await t.db.select({ start: reports.startDate, end: reports.endDate }).from(reports).where(eq(reports.id, 1));
  const { rows } = await t.client.execute({
    sql: `select count(*) as n from survey_responses where survey_id = ? and coalesce(submit_date, '') <> '' and substr(coalesce(submit_date, start_date, date_stamp), 1, 10) between ? and ? and ${where}`,
    args: [surveyId, r!.start!, r!.end],
  });
  return Number(rows[0]!.n);
}
const errorsOf = async (r: Response) => ((await r.json()) as { errors: Record<string, string[]> }).errors;

beforeAll(async () => {
  surveyId = await demoSurveyId(t.db);
  editor = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  viewer = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  const copy = await post(editor, '/report/1/copy', {});
  reportId = (await json<{ id: number }>(copy)).id;
  // A copy is a concept; published, the viewer (a reader) may open it.
  await editor.fetch(`${API}/report/${reportId}`, { method: 'PUT', json: { status_id: 3 } });
  sectionId = (await json<{ id: number }>(await post(editor, `/report/${reportId}/section`, { title: 'Analyses' }))).id;
}, 30_000);

describe('R charts', { timeout: 60_000 }, () => {
  it('GET rchartOptions: the form, and with a survey its questions by kind (no short-text answers)', async () => {
    const res = await viewer.fetch(`${API}/rchartOptions`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { version: number; analyses: { key: string; label: string; fields: { key: string; type: string }[] }[] }; meta: { dutch: string } };
    expect(body.meta.dutch).toBe('R-grafiek');
    expect(body.data.analyses.map((a) => [a.key, a.label])).toEqual([
      ['crosstab', 'Kruistabel'],
      ['mean-by-group', 'Gemiddelde per groep'],
      ['trend', 'Trend'],
      ['top-bottom', 'Top en bodem'],
    ]);
    const withSurvey = await json<{ questions: { key: string; kind: string; label: string; options: { code: string; label: string }[] }[] }>(await viewer.fetch(`${API}/rchartOptions?survey=${surveyId}`));
    const q = new Map(withSurvey.questions.map((x) => [x.key, x]));
    expect(q.get('leeftijd')!.options.length).toBeGreaterThan(1);
    expect(q.get('leeftijd')!.label).not.toBe('leeftijd');
    expect(q.get('verbeterpunt')).toMatchObject({ kind: 'text', options: [] });
    expect((await viewer.fetch(`${API}/rchartOptions?survey=abc`)).status).toBe(422);
    const other = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
    expect((await other.fetch(`${API}/rchartOptions?survey=${surveyId}`)).status).toBe(404);
    const anon = t.session();
    await anon.csrf();
    expect((await anon.fetch(`${API}/rchartOptions`)).status).toBe(401);
  });

  it('crosstab: percentages per age group equal direct SQL counts; suppressed rows carry no numbers', async () => {
    const id = await chartWith({ analysis: 'crosstab', survey_id: surveyId, question: 'tevredengemeente', by: 'leeftijd' });
    const r = await result(await rchart(viewer, id, { benchmarks: [{ label: 'Alle' }] }));
    expect(r.kind).toBe('crosstab');
    expect(r.minN).toBe(10);
    expect(r.question).not.toBe('tevredengemeente');
    const table = r.benchmarks[0]!;
    expect(table.label).toBe('Alle');
    expect(table.rows[0]!.label).toBe('Totaal');
    for (const row of table.rows) {
      const where = row.key === '__total__' ? '1 = 1' : `json_extract(answers, '$.leeftijd') = '${row.key}'`;
      if (row.suppressed) {
        expect(row.values.every((x) => x === null) && row.n === null).toBe(true);
        continue;
      }
      const answered = await sqlCount(`${where} and coalesce(json_extract(answers, '$.tevredengemeente'), '') <> ''`);
      expect(row.n).toBe(answered);
      for (const [i, col] of r.columns.entries()) {
        const n = await sqlCount(`${where} and json_extract(answers, '$.tevredengemeente') = '${col.key}'`);
        expect(row.values[i]).toBeCloseTo((n / answered) * 100, 9);
      }
    }
    expect(table.rows.filter((x) => !x.suppressed).length).toBeGreaterThan(2);
  });

  it('top-bottom, trend and mean-by-group answer tables; a tiny date range is suppressed', async () => {
    const top = await chartWith({ analysis: 'top-bottom', survey_id: surveyId, question: 'kanaal', direction: 'top', limit: 3 });
    const tb = await result(await rchart(viewer, top, { benchmarks: [{}] }));
    expect(tb.columns.map((c) => c.key)).toEqual(['percentage', 'count']);
    const counts = tb.benchmarks[0]!.rows.map((x) => x.values[1]!);
    expect(counts.length).toBe(3);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    // Report 1 has no date filter: other dates are refused; with it, a month without responses is suppressed.
    expect((await rchart(viewer, top, { benchmarks: [{ start: '2000-01-01', end: '2000-01-02' }] })).status).toBe(422);
    await t.db.update(reports).set({ dateFilter: true }).where(eq(reports.id, reportId));
    const none = await result(await rchart(viewer, top, { benchmarks: [{ start: '2000-01-01', end: '2000-01-02' }] }));
    await t.db.update(reports).set({ dateFilter: false }).where(eq(reports.id, reportId));
    expect(none.benchmarks[0]).toMatchObject({ suppressed: true, rows: [], start: '2000-01-01', end: '2000-01-31' });

    const form = await json<{ questions: { key: string; options: { code: string }[] }[] }>(await viewer.fetch(`${API}/rchartOptions?survey=${surveyId}`));
    const code = form.questions.find((x) => x.key === 'tevredengemeente')!.options[0]!.code;
    const trend = await chartWith({ analysis: 'trend', survey_id: surveyId, question: 'tevredengemeente', measure: 'percentage', option: code, granularity: 'quarter' });
    const tr = (await result(await rchart(viewer, trend, { benchmarks: [{}] }))).benchmarks[0]!;
    expect(tr.rows.length).toBeGreaterThan(0);
    for (const row of tr.rows) {
      expect(row.label).toMatch(/^K[1-4] \d{4}$/);
      if (row.suppressed) continue;
      const [y, m] = row.key.split('-').map(Number) as [number, number];
      const end = new Date(Date.UTC(y, m - 1 + 3, 0)).toISOString().slice(0, 10);
      const inQuarter = `substr(coalesce(submit_date, start_date, date_stamp), 1, 10) between '${row.key}' and '${end}'`;
      const answered = await sqlCount(`${inQuarter} and coalesce(json_extract(answers, '$.tevredengemeente'), '') <> ''`);
      expect(row.n).toBe(answered);
      expect(row.values[0]).toBeCloseTo(((await sqlCount(`${inQuarter} and json_extract(answers, '$.tevredengemeente') = '${code}'`)) / answered) * 100, 9);
    }
    const badOption = await chartWith({ analysis: 'trend', survey_id: surveyId, question: 'tevredengemeente', measure: 'percentage', option: 'ZZZ', granularity: 'month' });
    expect(await errorsOf(await rchart(viewer, badOption, { benchmarks: [{}] }))).toEqual({ 'rchart.option': ['Dit antwoord hoort niet bij de gekozen vraag'] });

    const mean = await chartWith({ analysis: 'mean-by-group', survey_id: surveyId, question: 'rapportcijfer', by: 'wijk' });
    const mb = await result(await rchart(viewer, mean, { benchmarks: [{}, { filterOptions: [1] }] }));
    expect(mb.columns.map((c) => c.label)).toEqual(['Gemiddelde', 'Foutmarge (±)']);
    expect(mb.benchmarks.length).toBe(2);
    const total = mb.benchmarks[0]!.rows[0]!;
    const { rows } = await t.client.execute({ sql: `select avg(cast(json_extract(answers, '$.rapportcijfer') as real)) as m from survey_responses where survey_id = ? and coalesce(submit_date, '') <> '' and coalesce(json_extract(answers, '$.rapportcijfer'), '') <> '' and substr(coalesce(submit_date, start_date, date_stamp), 1, 10) between (select start_date from reports where id = 1) and (select end_date from reports where id = 1)`, args: [surveyId] });
    expect(total.values[0]).toBeCloseTo(Number(rows[0]!.m), 9);
    expect(total.values[1]).toBeGreaterThan(0);
  });

  it('refuses what is not an R chart, an unconfigured or invalid form, foreign filters, previews by viewers; 404 across reports and companies', async () => {
    const bar = await chartWith(undefined, 1);
    const notR = await rchart(viewer, bar, { benchmarks: [{}] });
    expect(notR.status).toBe(422);
    expect(((await notR.json()) as { message: string }).message).toBe('Deze grafiek is geen R-grafiek');
    const empty = await chartWith(undefined);
    expect(await errorsOf(await rchart(viewer, empty, { benchmarks: [{}] }))).toEqual({ rchart: ['Deze R-grafiek is nog niet ingesteld'] });
    const bad = await chartWith({ analysis: 'crosstab', survey_id: surveyId, question: 'bestaatniet', by: 'leeftijd' });
    expect(await errorsOf(await rchart(viewer, bad, { benchmarks: [{}] }))).toEqual({ 'rchart.question': ["De vraag 'bestaatniet' bestaat niet (meer) in dit onderzoek"] });
    const textByText = await chartWith({ analysis: 'crosstab', survey_id: surveyId, question: 'verbeterpunt', by: 'leeftijd' });
    expect(await errorsOf(await rchart(viewer, textByText, { benchmarks: [{}] }))).toEqual({ 'rchart.question': ["Deze vraag past niet bij 'Vraag'"] });
    const shape = await chartWith({ analysis: 'top-bottom', survey_id: surveyId, question: 'kanaal', direction: 'up', limit: 99 });
    expect(await errorsOf(await rchart(viewer, shape, { benchmarks: [{}] }))).toEqual({ 'rchart.direction': ['Kies meest of minst gekozen'], 'rchart.limit': ['Kies een aantal van 1 tot en met 20'] });
    const foreignSurvey = await chartWith({ analysis: 'top-bottom', survey_id: 999_999, question: 'kanaal', direction: 'top', limit: 3 });
    expect(await errorsOf(await rchart(viewer, foreignSurvey, { benchmarks: [{}] }))).toEqual({ 'rchart.survey_id': ['Dit onderzoek hoort niet bij het project van deze rapportage'] });

    const ok = await chartWith({ analysis: 'top-bottom', survey_id: surveyId, question: 'kanaal', direction: 'top', limit: 3 });
    expect((await rchart(viewer, ok, { benchmarks: [{ filterOptions: [999_999] }] })).status).toBe(422);
    expect((await rchart(viewer, ok, { benchmarks: [{}, {}, {}, {}] })).status).toBe(422);
    expect((await rchart(viewer, ok, { benchmarks: [] })).status).toBe(422);
    const preview = { analysis: 'top-bottom', survey_id: surveyId, question: 'kanaal', direction: 'bottom', limit: 1 };
    expect((await rchart(viewer, ok, { benchmarks: [{}], rchart: preview })).status).toBe(403);
    const previewed = await result(await rchart(editor, ok, { benchmarks: [{}], rchart: preview }));
    expect(previewed.benchmarks[0]!.rows.length).toBe(1);
    // The preview changed nothing stored.
    const [stored] = await t.db.select({ options: reportCharts.options }).from(reportCharts).where(eq(reportCharts.id, ok));
    expect((stored!.options as { rchart: { direction: string } }).rchart.direction).toBe('top');

    expect((await rchart(viewer, ok, { benchmarks: [{}] }, 1)).status).toBe(404);
    expect((await rchart(viewer, ok, { benchmarks: [{}] }, sectionId, 1)).status).toBe(404);
    expect((await post(viewer, `/data/1/fr/report/${reportId}/section/${sectionId}/rchart/${ok}`, { benchmarks: [{}] })).status).toBe(404);
    // A {lang} that is no language names no data, whatever the body holds (as on the other data calls).
    expect((await post(viewer, `/data/1/!!/report/${reportId}/section/${sectionId}/rchart/${ok}`, { benchmarks: 'x' })).status).toBe(404);
    const other = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
    const foreign = await rchart(other, ok, { benchmarks: [{}] });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toMatch(/kanaal|Zuiderhaven/);
  });
});
