import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportDataLocations, reports, surveys } from '../../src/server/db/schema';
import { loadPublicView } from '../../src/server/services/report-data/load-public-view';
import { readPublicQuery } from '../../src/server/services/report-data/public-query';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { demoSurveyId } from '../helpers/demo-survey';

// Chart 5 of report 1 is the monthly trend (data location 8), chart 1 the neighbourhood matrix.
// Issue 12 on the demo data: the four reproductions (each now suppressed or refused), staff and
// public answers identical, min_n floor, N methods applied or refused, completed responses only,
// margins from the survey's accuracy settings.
const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
const DATA = `${API}/data/1/nl/report`;
const PUBLIC = `${API}/public/data/1/nl/report`;
let surveyId = 0;
let staff: HttpSession;
let anon: HttpSession;
const M = 10;

interface Opt { code: string; count: number; percentage: number | null; marginOfError: number | null }
interface Stats { groupSize: number; answered: number; base: number; nMethod: string; marginOfError: number | null; options: Opt[] }
type Group = { suppressed: false; stats: Stats } | { suppressed: true; reason: string };
type Bucket = { period: number; startDay: number; endDay: number } & Group;
interface Location { id: number; columnKey: string; granularity?: string; confidenceLevel: number; benchmarks: ({ label: string; buckets?: Bucket[] } & Group)[] }
interface Answer { benchmarks: { label: string; start: string; end: string }[]; period: { start: string; end: string }; minN: number; includeIncomplete: boolean; dataLocations: Location[] }
interface MenuOption { id: number; filter_category_id: number; soloCount: number | null; combinedCount: number | null; risky: boolean; withheld: boolean; selected: boolean }
interface Menu { start: string; end: string; filterCategories: { id: number; filterOptions: MenuOption[] }[] }

const json = async <T>(r: Response) => ((await r.json()) as { data: T }).data;
const post = (s: HttpSession, url: string, body: unknown) => s.fetch(url, { method: 'POST', json: body });
async function ok<T>(res: Response): Promise<T> {
  expect(res.status).toBe(200);
  return json<T>(res);
}
const setReport = (values: Partial<typeof reports.$inferInsert>, id = 1) => t.db.update(reports).set(values).where(eq(reports.id, id));
const released = (g: Group | undefined): Stats | null => (g && !g.suppressed ? g.stats : null);
const small = (d: number) => d > 0 && d < M;

/** Completed responses of the demo survey (SQL ground truth, independent of the engine). */
async function sqlRows<T>(sql: string, ...args: (string | number)[]): Promise<T[]> {
  return (await t.client.execute({ sql, args: [surveyId, ...args] })).rows as unknown as T[];
}
const DAY = `substr(submit_date, 1, 10)`;
const COMPLETE = `survey_id = ? and coalesce(submit_date, '') <> ''`;

beforeAll(async () => {
  surveyId = await demoSurveyId(t.db);
  staff = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  anon = t.session();
  await anon.csrf();
}, 30_000);

describe('reproduction 1: time buckets against a one-filter-edit neighbour', { timeout: 120_000 }, () => {
  it('no released month of [201,202,203,302] and [201,202,302] differs by 1 … 9 (staff and public)', async () => {
    // Ground truth: months of the report year where the two groups (answered 'tevredengemeente') differ by 1 … 9.
    const [r] = await t.db.select({ start: reports.startDate, end: reports.endDate }).from(reports).where(eq(reports.id, 1));
    const rows = await sqlRows<{ m: string; all3: number; without: number }>(
      `select substr(submit_date, 1, 7) as m,
        sum(json_extract(answers, '$.geslacht') in ('M', 'V', 'X')) as all3,
        sum(json_extract(answers, '$.geslacht') in ('M', 'V')) as without
       from survey_responses where ${COMPLETE} and ${DAY} between ? and ? and json_extract(answers, '$.verbeterpunt') = (select label from filter_options where id = 302)
        and coalesce(json_extract(answers, '$.tevredengemeente'), '') <> '' group by m`,
      r!.start!,
      r!.end,
    );
    const leaky = rows.filter((x) => x.all3 >= M && x.without >= M && small(x.all3 - x.without));
    expect(leaky.length, 'the demo data has months where the two groups differ by a few people').toBeGreaterThan(0);
    for (const [who, url] of [[staff, DATA], [anon, PUBLIC]] as const) {
      const [a, b] = (await Promise.all(
        [[201, 202, 203, 302], [201, 202, 302]].map(async (ids) => (await ok<Answer>(await post(who, `${url}/1/chart/5`, { benchmarks: [{ filterOptions: ids }] }))).dataLocations[0]!.benchmarks[0]!),
      )) as [Location['benchmarks'][number], Location['benchmarks'][number]];
      const byPeriod = new Map((b.buckets ?? []).map((x) => [x.period, x]));
      let compared = 0;
      for (const x of a.buckets ?? []) {
        const sa = released(x);
        const sb = released(byPeriod.get(x.period));
        if (!sa || !sb) continue;
        compared++;
        expect(small(sa.groupSize - sb.groupSize) || small(sa.answered - sb.answered), `period ${x.period}`).toBe(false);
      }
      // The leaky months are suppressed in at least one of the two answers.
      expect(a.buckets!.length).toBeGreaterThan(leaky.length);
      expect(compared).toBeLessThan(a.buckets!.length);
    }
  });
});

describe('reproductions 2 and 3: date ranges one day apart; date_filter enforced', { timeout: 60_000 }, () => {
  it('without date filter other dates are refused by the staff API, the public API and the menu; the public page ignores them', async () => {
    const body = { benchmarks: [{ filterOptions: [1], start: '2026-03-01', end: '2026-03-19' }] };
    for (const [who, url] of [[staff, DATA], [anon, PUBLIC]] as const) {
      const res = await post(who, `${url}/1/chart/1`, body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { message: string }).message).toMatch(/^Deze rapportage heeft geen datumfilter: alleen de rapportperiode \(.+ t\/m .+\) kan worden getoond$/);
    }
    expect((await post(staff, `${API}/report/1/filterCategory`, { selectedFilterOptions: [], start: '2026-03-01' })).status).toBe(422);
    const view = await loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams('van=2026-03-01&tot=2026-03-19')));
    const [r] = await t.db.select({ start: reports.startDate, end: reports.endDate }).from(reports).where(eq(reports.id, 1));
    expect(view.benchmarks[0]).toMatchObject({ start: r!.start, end: r!.end });
  });

  it('with the date filter on, ranges one day apart are the same whole months: identical answers', async () => {
    await setReport({ dateFilter: true });
    try {
      for (const [who, url] of [[staff, DATA], [anon, PUBLIC]] as const) {
        const a = await ok<Answer>(await post(who, `${url}/1/chart/1`, { benchmarks: [{ filterOptions: [1], start: '2026-03-01', end: '2026-03-20' }] }));
        const b = await ok<Answer>(await post(who, `${url}/1/chart/1`, { benchmarks: [{ filterOptions: [1], start: '2026-03-01', end: '2026-03-19' }] }));
        expect(a.benchmarks[0]).toMatchObject({ start: '2026-03-01', end: '2026-03-31' });
        expect(b).toEqual(a);
      }
      const page = await loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams('van=2026-03-01&tot=2026-03-19')));
      const other = await loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams('van=2026-03-01&tot=2026-03-20')));
      expect(page.benchmarks[0]).toMatchObject({ start: '2026-03-01', end: '2026-03-31' });
      expect(other.sections).toEqual(page.sections);
    } finally {
      await setReport({ dateFilter: false });
    }
  });
});

describe('reproduction 4: the filter menu obeys the sum rule', { timeout: 120_000 }, () => {
  it('no withheld count equals a released count minus other released counts (per month, every age group)', async () => {
    await setReport({ dateFilter: true });
    try {
      // Ground truth: months and age groups where a district cell holds 1 … 9 (the case the issue found).
      const cells = await sqlRows<{ m: string; age: string; wijk: string; n: number }>(
        `select substr(submit_date, 1, 7) as m, json_extract(answers, '$.leeftijd') as age, json_extract(answers, '$.wijk') as wijk, count(*) as n from survey_responses where ${COMPLETE} group by m, age, wijk`,
      );
      const smallCells = cells.filter((c) => small(c.n));
      expect(smallCells.length).toBeGreaterThan(0);
      const months = [...new Set(smallCells.map((c) => c.m))].slice(-6);
      let checked = 0;
      for (const m of months) {
        for (const age of [1, 2, 3, 4]) {
          const menu = await ok<Menu>(await post(staff, `${API}/report/1/filterCategory`, { selectedFilterOptions: [age], start: `${m}-01`, end: `${m}-01` }));
          expect(menu.start).toBe(`${m}-01`);
          const chosen = menu.filterCategories[0]!.filterOptions.find((o) => o.id === age)!;
          if (chosen.soloCount === null) continue;
          for (const cat of menu.filterCategories.slice(1)) {
            const sum = cat.filterOptions.reduce((s, o) => s + (o.combinedCount ?? 0), 0);
            expect(small(chosen.soloCount - sum), `${m} age ${age} category ${cat.id}`).toBe(false);
            for (const o of cat.filterOptions) if (o.combinedCount === null) expect(o.risky || o.withheld).toBe(true);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(5);
      // The exact request: option 3 with the districts, 2026-01-01 … 2026-03-31.
      const exact = await ok<Menu>(await post(staff, `${API}/report/1/filterCategory`, { selectedFilterOptions: [3], start: '2026-01-01', end: '2026-03-31' }));
      const three = exact.filterCategories.flatMap((c) => c.filterOptions).find((o) => o.id === 3)!;
      for (const cat of exact.filterCategories.filter((c) => !c.filterOptions.some((o) => o.id === 3))) {
        if (three.soloCount === null) break;
        const sum = cat.filterOptions.reduce((s, o) => s + (o.combinedCount ?? 0), 0);
        expect(small(three.soloCount - sum), `category ${cat.id}`).toBe(false);
      }
    } finally {
      await setReport({ dateFilter: false });
    }
  });
});

describe('staff and public endpoints', { timeout: 60_000 }, () => {
  it('answer the same for the same input, with and without the date filter', async () => {
    const body = { benchmarks: [{ label: 'A' }, { label: 'B', filterOptions: [2, 103] }] };
    expect(await ok<Answer>(await post(anon, `${PUBLIC}/1`, body))).toEqual(await ok<Answer>(await post(staff, `${DATA}/1`, body)));
    await setReport({ dateFilter: true, dateGranularity: 'quarter' });
    try {
      const dated = { benchmarks: [{ label: 'A', start: '2026-02-10', end: '2026-05-03' }, { label: 'B', filterOptions: [3], start: '2026-01-01' }], granularity: 3 };
      const a = await ok<Answer>(await post(staff, `${DATA}/1`, dated));
      expect(a.benchmarks[0]).toMatchObject({ start: '2026-01-01', end: '2026-06-30' });
      // A monthly split is finer than the quarters the report allows: the buckets are quarters.
      expect(a.dataLocations[0]!.granularity).toBe('quarter');
      expect(await ok<Answer>(await post(anon, `${PUBLIC}/1`, dated))).toEqual(a);
    } finally {
      await setReport({ dateFilter: false, dateGranularity: 'month' });
    }
  });
});

describe('report settings', { timeout: 60_000 }, () => {
  it('min_n has a floor of 5 (Dutch 422), default 10; date granularity and include_incomplete are settings', async () => {
    const low = await staff.fetch(`${API}/report/1`, { method: 'PUT', json: { min_n: 4 } });
    expect(low.status).toBe(422);
    expect(((await low.json()) as { errors: Record<string, string[]> }).errors.min_n).toEqual(['De minimale groepsgrootte is 5 of meer']);
    const bad = await staff.fetch(`${API}/report/1`, { method: 'PUT', json: { date_granularity: 'hour' } });
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.date_granularity).toEqual(['Kies dag, week, maand, kwartaal of jaar']);
    const created = await json<{ id: number; min_n: number; date_granularity: string; include_incomplete: boolean }>(await staff.fetch(`${API}/report`, { method: 'POST', json: { project_id: 1, title: 'Nieuw' } }));
    expect(created).toMatchObject({ min_n: 10, date_granularity: 'month', include_incomplete: false });
    const five = await json<{ min_n: number }>(await staff.fetch(`${API}/report/${created.id}`, { method: 'PUT', json: { min_n: 5, date_granularity: 'day', include_incomplete: true } }));
    expect(five).toMatchObject({ min_n: 5, date_granularity: 'day', include_incomplete: true });
  });

  it('counts completed responses only unless the report includes incomplete ones, and says which', async () => {
    const [{ complete }] = (await sqlRows<{ complete: number }>(`select count(*) as complete from survey_responses where ${COMPLETE} and ${DAY} between (select start_date from reports where id = 1) and (select end_date from reports where id = 1)`)) as [{ complete: number }];
    const [{ all }] = (await sqlRows<{ all: number }>(
      `select count(*) as "all" from survey_responses where survey_id = ? and substr(coalesce(submit_date, start_date, date_stamp), 1, 10) between (select start_date from reports where id = 1) and (select end_date from reports where id = 1)`,
    )) as [{ all: number }];
    expect(all).toBeGreaterThan(complete);
    const size = async () => {
      const a = await ok<Answer>(await post(staff, `${DATA}/1/dataLocation/7`, { benchmarks: [{}] }));
      return { n: released(a.dataLocations[0]!.benchmarks[0])!.groupSize, include: a.includeIncomplete };
    };
    expect(await size()).toEqual({ n: complete, include: false });
    const counter = (await loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()))).sections[0]!.widgets.find((w) => w.key === 'response-counter')!;
    expect(counter.lines[0]!.text).toBe(`Alle respondenten: ${complete.toLocaleString('nl-NL')}`);
    await setReport({ includeIncomplete: true });
    try {
      expect(await size()).toEqual({ n: all, include: true });
    } finally {
      await setReport({ includeIncomplete: false });
    }
  });
});

describe('N methods and margins', { timeout: 60_000 }, () => {
  it('a stored N method is applied (total on the response KPI) or refused in Dutch where it cannot apply', async () => {
    const [kpi] = await t.db.select().from(reportDataLocations).where(eq(reportDataLocations.nMethod, 'total'));
    expect(kpi).toBeDefined();
    const res = await ok<Answer>(await post(staff, `${API}/data/1/nl/report/${(await t.db.select({ id: reports.id }).from(reports).where(eq(reports.title, 'Dienstverlening Zuiderhaven 2026 (concept)')))[0]!.id}/dataLocation/${kpi!.id}`, { benchmarks: [{}] }));
    const s = released(res.dataLocations[0]!.benchmarks[0])!;
    expect(s.nMethod).toBe('total');
    expect(s.base).toBe(s.groupSize);
    // 'answers' only for multiple choice.
    const single = await staff.fetch(`${API}/dataLocation`, { method: 'POST', json: { chart_id: 4, survey_id: surveyId, column_key: 'tevredengemeente', n_method: 'answers' } });
    expect(single.status).toBe(422);
    expect(((await single.json()) as { errors: Record<string, string[]> }).errors.n_method).toEqual(['N = antwoorden kan alleen bij een meerkeuzevraag (daar kan één respondent meer antwoorden geven): kies respondenten of totaal']);
    expect((await staff.fetch(`${API}/dataLocation`, { method: 'POST', json: { chart_id: 3, survey_id: surveyId, column_key: 'problemen', n_method: 'answers' } })).status).toBe(201);
    expect((await staff.fetch(`${API}/dataLocation/7`, { method: 'PUT', json: { n_method: 'answers' } })).status).toBe(422);
    const total = await staff.fetch(`${API}/dataLocation/7`, { method: 'PUT', json: { n_method: 'total' } });
    expect(total.status).toBe(200);
    const after = released((await ok<Answer>(await post(staff, `${DATA}/1/dataLocation/7`, { benchmarks: [{}] }))).dataLocations[0]!.benchmarks[0])!;
    expect([after.nMethod, after.base]).toEqual(['total', after.groupSize]);
    expect(after.options[0]!.percentage).toBeCloseTo((after.options[0]!.count / after.groupSize) * 100, 9);
    await staff.fetch(`${API}/dataLocation/7`, { method: 'PUT', json: { n_method: 'respondents' } });
  });

  it('margins use the survey accuracy settings: finite population correction and confidence level', async () => {
    const [acc] = await t.db.select({ N: surveys.populationSize, level: surveys.confidenceLevel }).from(surveys).where(eq(surveys.id, surveyId));
    expect(acc).toEqual({ N: 41_250, level: 95 });
    const z = { 90: 1.6448536269514722, 95: 1.959963984540054, 99: 2.5758293035489004 } as const;
    for (const level of [95, 90, 99] as const) {
      await t.db.update(surveys).set({ confidenceLevel: level }).where(eq(surveys.id, surveyId));
      const loc = (await ok<Answer>(await post(staff, `${DATA}/1/dataLocation/7`, { benchmarks: [{}] }))).dataLocations[0]!;
      const s = released(loc.benchmarks[0])!;
      const fpc = Math.sqrt((41_250 - s.base) / (41_250 - 1));
      expect(loc.confidenceLevel).toBe(level);
      expect(s.marginOfError).toBeCloseTo(100 * z[level] * Math.sqrt(0.25 / s.base) * fpc, 9);
      const p = s.options[1]!.count / s.base;
      expect(s.options[1]!.marginOfError).toBeCloseTo(100 * z[level] * Math.sqrt((p * (1 - p)) / s.base) * fpc, 9);
    }
    await t.db.update(surveys).set({ confidenceLevel: 95, populationSize: null }).where(eq(surveys.id, surveyId));
    const s = released((await ok<Answer>(await post(staff, `${DATA}/1/dataLocation/7`, { benchmarks: [{}] }))).dataLocations[0]!.benchmarks[0])!;
    expect(s.marginOfError).toBeCloseTo(100 * z[95] * Math.sqrt(0.25 / s.base), 9);
    await t.db.update(surveys).set({ populationSize: 41_250 }).where(eq(surveys.id, surveyId));
  });
});
