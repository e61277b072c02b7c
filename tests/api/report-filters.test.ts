import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterOptions, reportFilterCategories, reports } from '../../src/server/db/schema';
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
let apiUser: HttpSession;

interface MenuOption { id: number; filter_category_id: number; label: string; exposed: boolean; order: number }
interface Synced extends MenuOption { selected: boolean; soloCount: number | null; combinedCount: number | null; risky: boolean; empty: boolean; available: boolean; hidden: boolean }
interface Category<O> { id: number; survey_id: number; title: string; filterOptions: O[] }
interface Menu { attached: boolean; filterCategories: Category<MenuOption>[] }
interface Sync { min_n: number; start: string | null; end: string | null; filterCategories: Category<Synced>[] }
interface Condition { column_key: string; comparator: string; value: unknown }

const json = async <T>(r: Response) => ((await r.json()) as { data: T }).data;
const menu = (s: HttpSession, id: number) => s.fetch(`${API}/report/${id}/filterOption`);
const sync = (s: HttpSession, id: number, body: unknown) => s.fetch(`${API}/report/${id}/filterCategory`, { method: 'POST', json: body });
async function synced(s: HttpSession, id: number, body: unknown): Promise<Sync> {
  const res = await sync(s, id, body);
  expect(res.status).toBe(200);
  return json<Sync>(res);
}
const options = (d: Sync) => d.filterCategories.flatMap((c) => c.filterOptions);
const put = (s: HttpSession, path: string, body: unknown) => s.fetch(`${API}${path}`, { method: 'PUT', json: body });
const del = (s: HttpSession, path: string) => s.fetch(`${API}${path}`, { method: 'DELETE' });
const post = (s: HttpSession, path: string, body?: unknown) => s.fetch(`${API}${path}`, { method: 'POST', json: body ?? {} });

/** SQL for one generated option's conditions (equal / in on one column), for direct counts. */
function conditionSql(conds: Condition[]): string {
  return conds
    .map((c) => {
      const col = `json_extract(answers, '$.${c.column_key}')`;
      const values = (Array.isArray(c.value) ? c.value : [c.value]).map((v) => `'${String(v).replace(/'/g, "''")}'`);
      if (c.comparator === 'equal') return `${col} = ${values[0]}`;
      if (c.comparator === 'in') return `${col} in (${values.join(', ')})`;
      throw new Error(`unexpected comparator ${c.comparator}`);
    })
    .join(' and ');
}

async function sqlCount(where: string): Promise<number> {
  const [r] = await t.db.select({ start: reports.startDate, end: reports.endDate }).from(reports).where(eq(reports.id, 1));
  const { rows } = await t.client.execute({
    sql: `select count(*) as n from survey_responses where survey_id = ? and coalesce(submit_date, '') <> '' and substr(coalesce(submit_date, start_date, date_stamp), 1, 10) between ? and ? and ${where}`,
    args: [surveyId, r!.start!, r!.end],
  });
  return Number(rows[0]!.n);
}

async function copyOfReport1(changes: Record<string, unknown> = {}): Promise<number> {
  const res = await post(editor, '/report/1/copy');
  expect(res.status).toBe(201);
  const { id } = await json<{ id: number }>(res);
  // A copy is a concept; published, readers may open it too.
  expect((await put(editor, `/report/${id}`, { status_id: 3, ...changes })).status).toBe(200);
  return id;
}

/** A copy of report 1 without categories of its own (whatever copying carries over): it offers the project's. */
async function defaultModeCopy(): Promise<number> {
  const id = await copyOfReport1();
  const current = await json<Menu>(await menu(editor, id));
  if (current.attached) for (const c of current.filterCategories) expect((await del(editor, `/report/${id}/filterCategory/${c.id}`)).status).toBe(200);
  return id;
}

beforeAll(async () => {
  surveyId = await demoSurveyId(t.db);
  editor = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  viewer = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  apiUser = await loginAs(t.session(), 'api@demo.impulz.nl');
}, 30_000);

describe('report filters: the benchmark menu', { timeout: 60_000 }, () => {
  it('GET filterOption lists the attached categories 1–4 in order with their exposed options; 401/404 otherwise', async () => {
    const res = await menu(viewer, 1);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Menu; meta: { dutch: string } };
    expect(body.meta.dutch).toBe('Filtercategorie');
    expect(body.data.attached).toBe(true);
    expect(body.data.filterCategories.map((c) => [c.id, c.title])).toEqual([
      [1, 'Leeftijdsgroep'],
      [2, 'Wijk'],
      [3, 'Geslacht'],
      [4, 'Belangrijkste verbeterpunt'],
    ]);
    for (const c of body.data.filterCategories) {
      expect(c.filterOptions.length).toBeGreaterThan(0);
      expect(c.filterOptions.every((o) => o.filter_category_id === c.id && o.exposed)).toBe(true);
    }
    expect((await menu(apiUser, 1)).status).toBe(200);
    const anon = t.session();
    await anon.csrf();
    expect((await menu(anon, 1)).status).toBe(401);
    const other = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
    const foreign = await menu(other, 1);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toMatch(/Leeftijdsgroep|Wijk/);
    expect((await sync(other, 1, { selectedFilterOptions: [] })).status).toBe(404);
    expect((await menu(editor, 999_999)).status).toBe(404);
  });

  it('sync: soloCount and combinedCount equal direct SQL counts (AND across categories, OR within)', async () => {
    const full = await json<{ filterOptions: { id: number; filterConditions: Condition[] }[] }[]>(
      await editor.fetch(`${API}/project/1/filterCategory?include=filterOptions.filterConditions`),
    );
    const where = new Map(full.flatMap((c) => c.filterOptions.map((o) => [o.id, conditionSql(o.filterConditions)] as const)));
    const none = await synced(viewer, 1, { selectedFilterOptions: [] });
    expect(none.min_n).toBe(10);
    for (const o of options(none).filter((x) => x.filter_category_id <= 3)) {
      const n = await sqlCount(where.get(o.id)!);
      expect(o.soloCount).toBe(n >= 10 ? n : null);
      expect(o.combinedCount).toBe(o.soloCount);
      expect(o.selected).toBe(false);
    }
    const [age1, age2] = none.filterCategories[0]!.filterOptions;
    const chosen = await synced(viewer, 1, { selectedFilterOptions: [age1!.id, age2!.id] });
    const ageOr = `((${where.get(age1!.id)}) or (${where.get(age2!.id)}))`;
    for (const o of chosen.filterCategories[1]!.filterOptions) {
      const n = await sqlCount(`${ageOr} and ${where.get(o.id)}`);
      expect(o.combinedCount).toBe(n >= 10 ? n : null);
      expect(o.risky).toBe(n < 10);
      expect(o.soloCount).toBe(options(none).find((x) => x.id === o.id)!.soloCount);
    }
    // Own category: the other categories' selection is empty, so combined = solo.
    const own = chosen.filterCategories[0]!.filterOptions;
    expect(own.filter((o) => o.selected).map((o) => o.id)).toEqual([age1!.id, age2!.id]);
    for (const o of own) expect(o.combinedCount).toBe(o.soloCount);
    // Report 1 has no date filter: only its own period exists.
    const refused = await sync(viewer, 1, { selectedFilterOptions: [], start: '2000-01-01', end: '2000-01-02' });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.start![0]).toMatch(/^Deze rapportage heeft geen datumfilter: alleen de rapportperiode \(1 januari 20\d\d t\/m 31 december 20\d\d\) kan worden getoond$/);
    // With the date filter on a range narrows every count, snapped to whole months (the default).
    await t.db.update(reports).set({ dateFilter: true }).where(eq(reports.id, 1));
    try {
      const narrow = await synced(viewer, 1, { selectedFilterOptions: [], start: '2000-01-05', end: '2000-01-20' });
      expect([narrow.start, narrow.end]).toEqual(['2000-01-01', '2000-01-31']);
      for (const o of options(narrow)) expect(o).toMatchObject({ soloCount: null, combinedCount: null, empty: true, risky: true, available: false });
    } finally {
      await t.db.update(reports).set({ dateFilter: false }).where(eq(reports.id, 1));
    }
  });

  it('sync refuses bad input with a Dutch 422, foreign options, and users without dashboard.filter (403)', async () => {
    const missing = await sync(viewer, 1, {});
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { errors: Record<string, string[]> }).errors.selectedFilterOptions).toEqual(['Dit veld mag alleen hele nummers bevatten']);
    for (const start of ['2026-02-31', '2026-02-31x', 20260101]) {
      const r = await sync(viewer, 1, { selectedFilterOptions: [], start });
      expect(r.status).toBe(422);
    }
    const badDate = await sync(viewer, 1, { selectedFilterOptions: [], start: '2026-02-31x' });
    expect(badDate.status).toBe(422);
    expect(((await badDate.json()) as { errors: Record<string, string[]> }).errors.start).toEqual(['Voer een geldige datum in (jjjj-mm-dd)']);
    const foreign = await sync(viewer, 1, { selectedFilterOptions: [999_999] });
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as { message: string }).message).toBe('Een gekozen filteroptie hoort niet bij dit rapport');
    expect((await sync(apiUser, 1, { selectedFilterOptions: [] })).status).toBe(403);
  });

  it('counts below min_n are null, never the number; hide_risky_filters makes them unavailable', async () => {
    const strict = await copyOfReport1({ min_n: 2000, hide_risky_filters: true, hide_empty_filters: true });
    const body = { selectedFilterOptions: [] };
    const a = await synced(viewer, strict, body);
    expect(a.min_n).toBe(2000);
    const all = options(a);
    expect(all.some((o) => o.risky)).toBe(true);
    for (const o of all) {
      expect(o.combinedCount === null).toBe(o.risky);
      if (o.combinedCount !== null) expect(o.combinedCount).toBeGreaterThanOrEqual(2000);
      if (o.soloCount !== null) expect(o.soloCount).toBeGreaterThanOrEqual(2000);
      expect(o.available).toBe(!o.risky);
      expect(o.hidden).toBe(o.empty);
    }
    expect((await put(editor, `/report/${strict}`, { hide_risky_filters: false })).status).toBe(200);
    const b = options(await synced(viewer, strict, body));
    for (const o of b) expect(o.available).toBe(!o.empty);
    expect(JSON.stringify(b)).toBe(JSON.stringify(b.map((o) => ({ ...o, available: !o.empty }))));
  });

  it('mode 2 allows one option per category, mode 3 only one category with selections', async () => {
    const mode2 = await copyOfReport1({ multiple_filters: 2, hide_risky_filters: false });
    const base = await synced(viewer, mode2, { selectedFilterOptions: [] });
    const [ages, districts] = base.filterCategories as [Category<Synced>, Category<Synced>];
    const pick = ages.filterOptions[0]!.id;
    const two = await synced(viewer, mode2, { selectedFilterOptions: [pick] });
    for (const o of two.filterCategories[0]!.filterOptions) expect(o.available).toBe(o.id === pick);
    for (const o of two.filterCategories[1]!.filterOptions) expect(o.available).toBe(!o.empty);
    expect(districts.filterOptions.length).toBeGreaterThan(0);

    expect((await put(editor, `/report/${mode2}`, { multiple_filters: 3 })).status).toBe(200);
    const three = await synced(viewer, mode2, { selectedFilterOptions: [pick] });
    for (const o of three.filterCategories[0]!.filterOptions) expect(o.available).toBe(!o.empty);
    for (const c of three.filterCategories.slice(1)) for (const o of c.filterOptions) expect(o.available).toBe(false);
  });
});

describe('report filters: attaching categories and hiding options', { timeout: 60_000 }, () => {
  it('a copy offers the project categories; attaching narrows the menu and the data call; detaching restores it', async () => {
    const id = await defaultModeCopy();
    const before = await json<Menu>(await menu(editor, id));
    expect(before.attached).toBe(false);
    expect(before.filterCategories.map((c) => c.id).slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect((await post(viewer, `/report/${id}/filterCategory/2`)).status).toBe(403);
    expect((await post(editor, `/report/${id}/filterCategory/999999`)).status).toBe(404);
    const rows = () => t.db.select().from(reportFilterCategories).where(eq(reportFilterCategories.reportId, id));
    expect(await rows()).toEqual([]);

    const attach = await post(editor, `/report/${id}/filterCategory/2`);
    expect(attach.status).toBe(201);
    const attached = (await attach.json()) as { data: Menu; alert: string };
    expect(attached.alert).toBe('Filtercategorie is aan de rapportage gekoppeld');
    expect(attached.data.attached).toBe(true);
    expect(attached.data.filterCategories.map((c) => c.id)).toEqual([2]);
    expect((await post(editor, `/report/${id}/filterCategory/2`)).status).toBe(200);
    expect((await post(editor, `/report/${id}/filterCategory/1`)).status).toBe(201);
    expect((await json<Menu>(await menu(editor, id))).filterCategories.map((c) => c.id)).toEqual([2, 1]);
    expect((await rows()).length).toBe(2);

    const age = before.filterCategories[0]!.filterOptions[0]!.id;
    const verbeterpunt = before.filterCategories[3]!.filterOptions[0]!.id;
    const data = (opts: number[]) => post(editor, `/data/1/nl/report/${id}`, { benchmarks: [{ filterOptions: opts }] });
    expect((await data([age])).status).toBe(200);
    const refused = await data([verbeterpunt]);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe('Een gekozen filteroptie hoort niet bij dit rapport');
    expect((await sync(viewer, id, { selectedFilterOptions: [verbeterpunt] })).status).toBe(422);

    expect((await del(viewer, `/report/${id}/filterCategory/2`)).status).toBe(403);
    expect((await del(editor, `/report/${id}/filterCategory/2`)).status).toBe(200);
    expect((await del(editor, `/report/${id}/filterCategory/2`)).status).toBe(404);
    const last = await del(editor, `/report/${id}/filterCategory/1`);
    expect((await json<Menu>(last)).attached).toBe(false);
    expect((await data([verbeterpunt])).status).toBe(200);
    expect((await del(editor, `/report/${id}`)).status).toBe(200);
  });

  it('hides and shows an option for one report only (stored per report); other reports and the project default keep theirs', async () => {
    // Two reports of project 1 that both offer category 1 (report 1 has categories 1–4 attached).
    const own = await defaultModeCopy();
    expect((await post(editor, `/report/${own}/filterCategory/1`)).status).toBe(201);
    const option = (await json<Menu>(await menu(editor, own))).filterCategories.find((c) => c.id === 1)!.filterOptions[0]!;
    const exposedNow = async (oid: number) => (await t.db.select({ e: filterOptions.exposed }).from(filterOptions).where(eq(filterOptions.id, oid)))[0]!.e;
    const offered = async (id: number) => (await json<Menu>(await menu(editor, id))).filterCategories.find((c) => c.id === 1)!.filterOptions.map((o) => o.id);
    const data = (id: number, opts: number[]) => post(editor, `/data/1/nl/report/${id}`, { benchmarks: [{ filterOptions: opts }] });

    expect((await del(viewer, `/report/${own}/filterOption/${option.id}`)).status).toBe(403);
    const bad = await put(editor, `/report/${own}/filterOption/${option.id}`, { exposed: 'ja' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.exposed).toEqual(['Kies of de filteroptie getoond wordt (true of false)']);

    // DELETE hides it in this report: its menu, its sync and its data call refuse it; report 1 still offers it.
    const hide = await del(editor, `/report/${own}/filterOption/${option.id}`);
    expect(hide.status).toBe(200);
    expect(await json<MenuOption>(hide)).toMatchObject({ id: option.id, exposed: false });
    expect(await offered(own)).not.toContain(option.id);
    expect((await sync(viewer, own, { selectedFilterOptions: [option.id] })).status).toBe(422);
    expect((await data(own, [option.id])).status).toBe(422);
    expect(await offered(1)).toContain(option.id);
    expect((await data(1, [option.id])).status).toBe(200);
    expect(await exposedNow(option.id)).toBe(true);

    // POST shows it again; PUT { exposed } does either.
    expect((await post(editor, `/report/${own}/filterOption/${option.id}`)).status).toBe(200);
    expect(await offered(own)).toContain(option.id);
    expect((await put(editor, `/report/${own}/filterOption/${option.id}`, { exposed: false })).status).toBe(200);
    expect(await offered(own)).not.toContain(option.id);

    // A copy of the report keeps the report's choice.
    const copy = await json<{ id: number }>(await post(editor, `/report/${own}/copy`));
    expect(await offered(copy.id)).not.toContain(option.id);

    // Hidden for the whole project (filters tab): reports without a choice of their own follow it,
    // a report that chose to show it keeps showing it.
    expect((await put(editor, `/report/${own}/filterOption/${option.id}`, { exposed: true })).status).toBe(200);
    expect((await put(editor, `/filterCategory/1/filterOption/${option.id}`, { exposed: false })).status).toBe(200);
    expect(await offered(1)).not.toContain(option.id);
    expect(await offered(own)).toContain(option.id);
    expect((await put(editor, `/filterCategory/1/filterOption/${option.id}`, { exposed: true })).status).toBe(200);

    // Unknown option, or the report of another organisation: 404.
    expect((await del(editor, `/report/${own}/filterOption/999999`)).status).toBe(404);
    const other = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
    expect((await del(other, `/report/${own}/filterOption/${option.id}`)).status).toBe(404);
    for (const id of [copy.id, own]) expect((await del(editor, `/report/${id}`)).status).toBe(200);
    expect(await offered(1)).toContain(option.id);
  });
});
