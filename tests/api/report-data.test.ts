import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../src/server/db/schema';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { demoSurveyId } from '../helpers/demo-survey';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
const DATA = `${API}/data/1/nl/report`;
let surveyId = 0;
let admin: HttpSession;

interface Stats { groupSize: number; answered: number; base: number; options: { code: string; count: number }[] }
interface Cell { label: string; suppressed: boolean; reason?: string; stats?: Stats }
interface Location { id: number; chartId: number; sectionId: number; columnKey: string; codes: string[]; benchmarks: Cell[] }
interface Answer { benchmarks: { label: string; start: string | null; end: string | null; filterOptions: number[] }[]; dataLocations: Location[] }

const post = (s: HttpSession, path: string, body: unknown) => s.fetch(`${DATA}${path}`, { method: 'POST', json: body });
async function data(res: Response): Promise<Answer> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Answer }).data;
}
/** Respondents of the demo survey within report 1's dates (the cube's day: submit, else start date, else date stamp). */
async function sqlCount(where: string, ...args: (string | number)[]): Promise<number> {
  const [r] = await t.db.select({ start: reports.startDate, end: reports.endDate }).from(reports).where(eq(reports.id, 1));
  const { rows } = await t.client.execute({
    sql: `select count(*) as n from survey_responses where survey_id = ? and coalesce(submit_date, '') <> '' and substr(coalesce(submit_date, start_date, date_stamp), 1, 10) between ? and ? and ${where}`,
    args: [surveyId, r!.start!, r!.end, ...args],
  });
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  surveyId = await demoSurveyId(t.db);
  admin = t.session();
  await loginAs(admin, 'beheerder@demo.impulz.nl');
}, 30_000);

describe('report data endpoint (staff)', { timeout: 60_000 }, () => {
  it('answers 401 anonymous, 404 for another company, an unknown report or language, 422 without benchmarks', async () => {
    const anon = t.session();
    await anon.csrf();
    expect((await post(anon, '/1', { benchmarks: [{}] })).status).toBe(401);
    const other = t.session();
    await loginAs(other, 'beheerder@noordbroek.demo.impulz.nl');
    const foreign = await post(other, '/1', { benchmarks: [{}] });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toMatch(/Zuiderhaven|tevredengemeente/);
    expect((await post(admin, '/9999', { benchmarks: [{}] })).status).toBe(404);
    expect((await admin.fetch(`${API}/data/1/fr/report/1`, { method: 'POST', json: { benchmarks: [{}] } })).status).toBe(404);
    expect((await post(admin, '/1/section/9999', { benchmarks: [{}] })).status).toBe(404);
    const empty = await post(admin, '/1', { benchmarks: [] });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { errors: Record<string, string[]> }).errors.benchmarks).toEqual(['Minimaal 1 benchmark']);
  });

  it('answers every data location with both benchmarks; counts equal a direct SQL count', async () => {
    // Filter option 1 of the seed: age group "18 t/m 34 jaar" (leeftijd = A1).
    const res = await data(await post(admin, '/1', { benchmarks: [{ label: 'Alle' }, { label: 'Jong', filterOptions: [1] }] }));
    expect(res.benchmarks.map((b) => b.label)).toEqual(['Alle', 'Jong']);
    // 12: the map chart 'Rapportcijfer per wijk' in the report's last section.
    expect(res.dataLocations.map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 12]);
    for (const d of res.dataLocations) expect(d.benchmarks.map((b) => b.label)).toEqual(['Alle', 'Jong']);
    const loc = res.dataLocations.find((d) => d.id === 7)!;
    expect(loc.columnKey).toBe('tevredengemeente');
    const [all, young] = loc.benchmarks as [Cell, Cell];
    expect(all.suppressed).toBe(false);
    expect(young.suppressed).toBe(false);
    expect(all.stats!.groupSize).toBe(await sqlCount('1 = 1'));
    expect(young.stats!.groupSize).toBe(await sqlCount(`json_extract(answers, '$.leeftijd') = 'A1'`));
    expect(young.stats!.groupSize).toBeLessThan(all.stats!.groupSize);
    expect(all.stats!.options.length).toBeGreaterThan(1);
    for (const o of all.stats!.options) expect(o.count).toBe(await sqlCount(`json_extract(answers, '$.tevredengemeente') = ?`, o.code));
    for (const o of young.stats!.options) {
      expect(o.count).toBe(await sqlCount(`json_extract(answers, '$.leeftijd') = 'A1' and json_extract(answers, '$.tevredengemeente') = ?`, o.code));
    }
    expect(all.stats!.options.reduce((n, o) => n + o.count, 0)).toBe(all.stats!.answered);
  });

  it('suppresses a benchmark whose filter leaves fewer than min_n respondents: no numbers at all', async () => {
    const { rows } = await t.client.execute({
      sql: `select json_extract(answers, '$.jarenwonen') as v, count(*) as n from survey_responses where survey_id = ? and coalesce(json_extract(answers, '$.jarenwonen'), '') <> '' group by v having n between 1 and 9 limit 1`,
      args: [surveyId],
    });
    expect(rows.length).toBe(1);
    const json = async <T>(r: Response) => ((await r.json()) as { data: T }).data;
    const cat = await json<{ id: number }>(await admin.fetch(`${API}/project/1/survey/${surveyId}/filterCategory`, { method: 'POST', json: { title: 'Woonduur' } }));
    const few = await json<{ id: number }>(await admin.fetch(`${API}/filterCategory/${cat.id}/filterOption`, { method: 'POST', json: { label: 'Zeldzaam' } }));
    const cond = await admin.fetch(`${API}/filterCategory/${cat.id}/filterOption/${few.id}/filterCondition`, { method: 'POST', json: { column_key: 'jarenwonen', comparator: 'equal', value: Number(rows[0]!.v) } });
    expect(cond.status).toBe(201);
    // Report 1 offers only its attached categories (issue #6): attach the new one.
    expect((await admin.fetch(`${API}/report/1/filterCategory/${cat.id}`, { method: 'POST', json: {} })).status).toBe(201);
    const res = await data(await post(admin, '/1/chart/4', { benchmarks: [{ label: 'A' }, { label: 'Zeldzaam', filterOptions: [few.id] }] }));
    const cell = res.dataLocations[0]!.benchmarks[1]!;
    expect(cell).toMatchObject({ label: 'Zeldzaam', suppressed: true });
    expect(cell.stats).toBeUndefined();
    expect(JSON.stringify(cell)).not.toMatch(/count|groupSize|answered/);
    expect(res.dataLocations[0]!.benchmarks[0]!.suppressed).toBe(false);
  });

  it('refuses too many benchmarks and filter options of another project or survey with a Dutch 422', async () => {
    const many = await post(admin, '/1', { benchmarks: [{}, {}, {}, {}] });
    expect(many.status).toBe(422);
    expect(((await many.json()) as { errors: Record<string, string[]> }).errors.benchmarks).toEqual(['Maximaal 3 benchmarks']);
    // Whatever a report allows, a call never compares more than MAX_BENCHMARKS (the engine's pair plan is quadratic).
    const tooMany = await post(admin, '/1', { benchmarks: Array.from({ length: 9 }, () => ({})) });
    expect(tooMany.status).toBe(422);
    expect(((await tooMany.json()) as { errors: Record<string, string[]> }).errors.benchmarks).toEqual(['Maximaal 8 benchmarks']);
    const foreign = await post(admin, '/1', { benchmarks: [{ filterOptions: [999_999] }] });
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as { message: string }).message).toBe('Een gekozen filteroptie hoort niet bij dit rapport');
    const badDate = await post(admin, '/1', { benchmarks: [{ start: '2026-13-45' }], granularity: 9 });
    expect(badDate.status).toBe(422);
  });

  it('narrows to a section, a chart or a data location of the report', async () => {
    const body = { benchmarks: [{ label: 'A' }], granularity: 3 };
    const section = await data(await post(admin, '/1/section/1', body));
    expect(section.dataLocations.map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(section.dataLocations.every((d) => d.sectionId === 1)).toBe(true);
    const chart = await data(await post(admin, '/1/chart/4', body));
    expect(chart.dataLocations.map((d) => [d.id, d.chartId])).toEqual([[7, 4]]);
    const one = await data(await post(admin, '/1/dataLocation/5', { benchmarks: [{}] }));
    expect(one.dataLocations.map((d) => d.id)).toEqual([5]);
    expect(one.benchmarks[0]!.label).toBe('Alle respondenten');
    expect((chart.dataLocations[0]!.benchmarks[0] as Cell & { buckets?: unknown[] }).buckets?.length).toBeGreaterThan(0);
  });

  it("splits a trend chart by its own granularity when the call names none, and other charts not at all", async () => {
    type Bucketed = Cell & { buckets?: { period: number; startDay: number; endDay: number }[] };
    const whole = await data(await post(admin, '/1', { benchmarks: [{ label: 'A' }] }));
    const trend = whole.dataLocations.find((d) => d.chartId === 5)!; // 'Tevredenheid door de tijd', granularity month
    const months = (trend.benchmarks[0] as Bucketed).buckets!;
    expect(months.length).toBeGreaterThan(1);
    expect(months.every((m) => m.endDay - m.startDay <= 30)).toBe(true);
    expect(whole.dataLocations.filter((d) => d.chartId !== 5).every((d) => (d.benchmarks[0] as Bucketed).buckets === undefined)).toBe(true);
  });
});
