import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterConditions, filterOptions } from '../../src/server/db/schema';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { demoSurveyId } from '../helpers/demo-survey';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
let surveyId = 0;
let admin: HttpSession;

interface Option { id: number; label: string; soloCount: number | null; combinedCount: number | null; risky: boolean; empty: boolean; order: number; filter_category_id: number; filterConditions?: { column_key: string; comparator: string; value: unknown }[] }
interface Category { id: number; project_id: number; survey_id: number; title: string; filterOptions?: Option[] }

async function sqlCount(where: string, ...args: (string | number)[]): Promise<number> {
  const { rows } = await t.client.execute({ sql: `select count(*) as n from survey_responses where survey_id = ? and coalesce(submit_date, '') <> '' and ${where}`, args: [surveyId, ...args] });
  return Number(rows[0]!.n);
}
async function json<T>(res: Response): Promise<T> {
  return ((await res.json()) as { data: T }).data;
}
const send = (s: HttpSession, method: string, path: string, body: unknown = {}) => s.fetch(`${API}${path}`, { method, json: body });
const listing = async () => json<Category[]>(await admin.get(`${API}/project/1/filterCategory?include=filterOptions.filterConditions`));

beforeAll(async () => {
  surveyId = await demoSurveyId(t.db);
  admin = t.session();
  await loginAs(admin, 'beheerder@demo.impulz.nl');
}, 30_000);

describe('filter api (project level)', { timeout: 30_000 }, () => {
  it('lists the seeded categories with conditions and counts that match the responses', async () => {
    const cats = await listing();
    expect(cats.map((c) => c.title)).toEqual(['Leeftijdsgroep', 'Wijk', 'Geslacht', 'Belangrijkste verbeterpunt']);
    expect(cats[0]).toMatchObject({ id: 1, project_id: 1, survey_id: surveyId });
    const age = cats[0]!.filterOptions!;
    expect(age.map((o) => o.label)).toEqual(['18 t/m 34 jaar', '35 t/m 49 jaar', '50 t/m 64 jaar', '65 jaar of ouder']);
    expect(age[0]).toMatchObject({ id: 1, filterConditions: [{ column_key: 'leeftijd', comparator: 'equal', value: 'A1' }] });
    for (const [o, code] of age.map((o, i) => [o, `A${i + 1}`] as const)) {
      const n = await sqlCount(`json_extract(answers, '$.leeftijd') = ?`, code);
      expect(o.soloCount).toBe(n);
      expect(o.combinedCount).toBe(n);
    }
    for (const o of cats[3]!.filterOptions!) {
      expect(o.soloCount).toBe(await sqlCount(`json_extract(answers, '$.verbeterpunt') = ?`, o.label));
      expect(o.soloCount!).toBeGreaterThanOrEqual(10);
    }
    // Without include: categories only.
    const plain = await json<Category[]>(await admin.get(`${API}/project/1/filterCategory`));
    expect(plain[0]!.filterOptions).toBeUndefined();
  });

  it('withholds counts below min_n 10 (risky) and marks empty options', async () => {
    const { rows } = await t.client.execute({
      sql: `select json_extract(answers, '$.jarenwonen') as v, count(*) as n from survey_responses where survey_id = ? and coalesce(json_extract(answers, '$.jarenwonen'), '') <> '' group by v having n between 1 and 9 limit 1`,
      args: [surveyId],
    });
    expect(rows.length).toBe(1);
    const rare = Number(rows[0]!.v);
    const cat = await json<Category>(await send(admin, 'POST', `/project/1/survey/${surveyId}/filterCategory`, { title: 'Woonduur' }));
    const few = await json<Option>(await send(admin, 'POST', `/filterCategory/${cat.id}/filterOption`, { label: 'Zeldzaam' }));
    const none = await json<Option>(await send(admin, 'POST', `/filterCategory/${cat.id}/filterOption`, { label: 'Niemand' }));
    expect((await send(admin, 'POST', `/filterCategory/${cat.id}/filterOption/${few.id}/filterCondition`, { column_key: 'jarenwonen', comparator: 'equal', value: rare })).status).toBe(201);
    const tooMany = await send(admin, 'POST', `/filterCategory/${cat.id}/filterOption/${few.id}/filterCondition`, { column_key: 'jarenwonen', comparator: 'in', value: Array.from({ length: 1001 }, (_, i) => `A${i}`) });
    expect(tooMany.status).toBe(422);
    expect(JSON.stringify(await tooMany.json())).toContain('Geef maximaal 1000 waarden op');
    expect((await send(admin, 'POST', `/filterCategory/${cat.id}/filterOption/${none.id}/filterCondition`, { column_key: 'jarenwonen', comparator: 'greater', value: 1000 })).status).toBe(201);
    const options = await json<Option[]>(await admin.get(`${API}/filterCategory/${cat.id}/filterOption`));
    expect(options.find((o) => o.id === few.id)).toMatchObject({ soloCount: null, combinedCount: null, risky: true, empty: false });
    expect(options.find((o) => o.id === none.id)).toMatchObject({ soloCount: null, combinedCount: null, risky: true, empty: true });
  });

  it('generates a category from answer options and from an open question (min count)', async () => {
    const res = await send(admin, 'POST', `/project/1/survey/${surveyId}/filterCategory/generate`, { column_key: 'wijk' });
    expect(res.status).toBe(201);
    const wijk = await json<Category>(res);
    expect(wijk.title).toBe('In welke wijk woont u?');
    expect(wijk.filterOptions!.map((o) => o.label)).toEqual(['Centrum', 'Noord', 'Zuid', 'Oost', 'West', 'Haven']);
    const open = await json<Category>(await send(admin, 'POST', `/project/1/survey/${surveyId}/filterCategory/generate`, { column_key: 'verbeterpunt', min_count: 300, title: 'Verbeterpunt' }));
    const { rows } = await t.client.execute({
      sql: `select json_extract(answers, '$.verbeterpunt') as v from survey_responses where survey_id = ? and coalesce(v, '') <> '' group by v having count(*) >= 300 order by count(*) desc, v`,
      args: [surveyId],
    });
    expect(open.filterOptions!.map((o) => o.label)).toEqual(rows.map((r) => String(r.v)));
    expect(rows.length).toBeGreaterThan(0);
    expect(open.filterOptions![0]!.filterConditions).toEqual([expect.objectContaining({ column_key: 'verbeterpunt', comparator: 'equal', value: rows[0]!.v })]);

    expect((await send(admin, 'POST', `/project/1/survey/${surveyId}/filterCategory/generate`, { column_key: 'rapportcijfer' })).status).toBe(422);
    const unknown = await send(admin, 'POST', `/project/1/survey/${surveyId}/filterCategory/generate`, { column_key: 'bestaatniet' });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(await unknown.json())).toContain('bestaat niet');
  });

  it('reorders options atomically and refuses ids of another category with 422', async () => {
    const before = (await listing())[1]!.filterOptions!.map((o) => o.id);
    const foreign = await send(admin, 'PATCH', '/filterCategory/2/filterOption/order', { order: [before[1], 1] });
    expect(foreign.status).toBe(422);
    expect((await listing())[1]!.filterOptions!.map((o) => o.id)).toEqual(before);
    const ok = await send(admin, 'PATCH', '/filterCategory/2/filterOption/order', { order: [before[2], before[0]] });
    expect(ok.status).toBe(200);
    expect((await listing())[1]!.filterOptions!.map((o) => o.id)).toEqual([before[2], before[0], before[1], ...before.slice(3)]);
    expect((await send(admin, 'PATCH', '/filterCategory/2/filterOption/order', { order: [] })).status).toBe(422);
  });

  it('validates conditions against the survey and updates and deletes them', async () => {
    const base = '/filterCategory/1/filterOption/1/filterCondition';
    expect((await send(admin, 'POST', base, { column_key: 'problemen', comparator: 'greater', value: 'SQ001' })).status).toBe(422);
    expect((await send(admin, 'POST', base, { column_key: 'nergens', comparator: 'equal', value: 'x' })).status).toBe(422);
    expect((await send(admin, 'POST', base, { column_key: 'leeftijd', comparator: 'ongeveer', value: 'A1' })).status).toBe(422);
    expect((await send(admin, 'POST', base, { column_key: 'leeftijd', comparator: 'equal', value: ['A1', 'A2'] })).status).toBe(422);
    const made = await json<{ id: number }>(await send(admin, 'POST', base, { column_key: 'wijk', comparator: 'in', value: ['W1', 'W2'], operator: 'and' }));
    const upd = await send(admin, 'PUT', `${base}/${made.id}`, { comparator: 'notIn' });
    expect(await json(upd)).toMatchObject({ id: made.id, comparator: 'notIn', value: ['W1', 'W2'] });
    const opt = (await listing())[0]!.filterOptions![0]!;
    expect(opt.soloCount).toBe(await sqlCount(`json_extract(answers, '$.leeftijd') = 'A1' and json_extract(answers, '$.wijk') not in ('W1', 'W2') and coalesce(json_extract(answers, '$.wijk'), '') <> ''`));
    expect((await send(admin, 'DELETE', `${base}/${made.id}`)).status).toBe(200);
    expect((await send(admin, 'DELETE', `/filterCategory/2/filterOption/1/filterCondition/1`)).status).toBe(404);
  });

  it('deletes an option or a category with everything under it', async () => {
    const cat = await json<Category>(await send(admin, 'POST', `/project/1/survey/${surveyId}/filterCategory/generate`, { column_key: 'geslacht', title: 'Weg' }));
    const optionIds = cat.filterOptions!.map((o) => o.id);
    expect((await send(admin, 'DELETE', `/filterCategory/${cat.id}/filterOption/${optionIds[0]}`)).status).toBe(200);
    expect((await t.db.select().from(filterConditions).where(eq(filterConditions.optionId, optionIds[0]!))).length).toBe(0);
    expect((await send(admin, 'PUT', `/filterCategory/${cat.id}`, { title: 'Nieuw' })).status).toBe(200);
    expect((await send(admin, 'PUT', `/filterCategory/${cat.id}`, { title: '' })).status).toBe(422);
    expect((await send(admin, 'DELETE', `/filterCategory/${cat.id}`)).status).toBe(200);
    expect((await t.db.select().from(filterOptions).where(eq(filterOptions.categoryId, cat.id))).length).toBe(0);
    expect((await admin.get(`${API}/filterCategory/${cat.id}/filterOption`)).status).toBe(404);
  });

  it('needs project.edit to write, a visible project and a linked survey', async () => {
    const api = t.session();
    await loginAs(api, 'api@demo.impulz.nl');
    expect((await send(api, 'POST', `/project/1/survey/${surveyId}/filterCategory`, { title: 'x' })).status).toBe(403);
    expect((await send(api, 'PUT', '/filterCategory/1', { title: 'x' })).status).toBe(403);
    const other = t.session();
    await loginAs(other, 'beheerder@noordbroek.demo.impulz.nl');
    for (const [method, path] of [['GET', '/project/1/filterCategory?include=filterOptions'], ['GET', '/filterCategory/1/filterOption'], ['PUT', '/filterCategory/1'], ['DELETE', '/filterCategory/1/filterOption/1'], ['POST', `/project/1/survey/${surveyId}/filterCategory`]] as const) {
      const res = method === 'GET' ? await other.get(`${API}${path}`) : await send(other, method, path, { title: 'x' });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.text()).not.toMatch(/Leeftijdsgroep|Zuiderhaven/);
    }
    expect((await send(admin, 'POST', '/project/1/survey/999999/filterCategory', { title: 'x' })).status).toBe(404);
    // A project of the same company that the survey is not linked to.
    const { rows } = await t.client.execute({
      sql: 'select p.id from projects p where p.company_id = 1 and p.deleted_at is null and not exists (select 1 from project_surveys ps where ps.project_id = p.id and ps.survey_id = ?) limit 1',
      args: [surveyId],
    });
    expect(rows.length).toBe(1);
    expect((await send(admin, 'POST', `/project/${rows[0]!.id}/survey/${surveyId}/filterCategory`, { title: 'x' })).status).toBe(404);
  });
});
