import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panelAnswers, panelUsers, reports, surveys, surveyTokens, users } from '../../src/server/db/schema';
import { syncPanelTokens } from '../../src/server/services/participate/panel-fielding';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { demoSurveyId } from '../helpers/demo-survey';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
let surveyId = 0;
let admin: HttpSession;

interface Option { id: number; label: string; soloCount: number | null; risky: boolean; filterConditions?: { column_key: string; comparator: string; value: unknown }[] }
interface Category { id: number; title: string; filterOptions?: Option[] }
interface Cell { label: string; suppressed: boolean; stats?: { groupSize: number } }
interface Answer { dataLocations: { benchmarks: Cell[] }[] }

const json = async <T>(res: Response) => ((await res.json()) as { data: T }).data;
const send = (method: string, path: string, body: unknown = {}) => admin.fetch(`${API}${path}`, { method, json: body });

/** Demo survey, fielded to the Burgerpanel (field 1 'Leeftijdsgroep': options 1 '18 – 34 jaar', 2 '35 – 49 jaar'). */
const YOUNG = 60;
const MIDDLE = 40;
/** Demo filter option 203 (Geslacht: the third, rare answer): with the middle-aged panel members a group below min_n. */
const SMALL_WITH = [203];

beforeAll(async () => {
  surveyId = await demoSurveyId(t.db);
  admin = t.session();
  await loginAs(admin, 'beheerder@demo.impulz.nl');
  // 100 members of the Burgerpanel with their age group; each gets a token of the fielded survey
  // (the participation's own token sync) and one response of report 1's period is theirs.
  const now = new Date();
  const ids = Array.from({ length: YOUNG + MIDDLE }, (_, i) => 1000 + i);
  await t.db.insert(users).values(ids.map((id) => ({ id, companyId: 1, groupId: 3, email: `lid${id}@example.nl`, fullname: `Lid ${id}`, passwordHash: 'x' })));
  await t.db.insert(panelUsers).values(ids.map((userId) => ({ panelId: 1, userId })));
  await t.db.insert(panelAnswers).values(ids.map((userId, i) => ({ panelFieldId: 1, userId, optionId: i < YOUNG ? 1 : 2 })));
  expect(await syncPanelTokens(t.db, surveyId, now)).toBe(ids.length);
  const [r] = await t.db.select({ start: reports.startDate, end: reports.endDate }).from(reports).where(eq(reports.id, 1));
  const { rows } = await t.client.execute({
    sql: `select id from survey_responses where survey_id = ? and submit_date is not null and substr(submit_date, 1, 10) between ? and ? order by id limit ?`,
    args: [surveyId, r!.start!, r!.end, ids.length],
  });
  expect(rows).toHaveLength(ids.length);
  const tokens = await t.db.select({ token: surveyTokens.token, participant: surveyTokens.participantId }).from(surveyTokens).where(eq(surveyTokens.surveyId, surveyId));
  const tokenOf = new Map(tokens.map((x) => [x.participant, x.token]));
  await t.client.batch(
    ids.map((id, i) => ({ sql: 'update survey_responses set token = ? where id = ?', args: [tokenOf.get(`panel-user:${id}`)!, Number(rows[i]!.id)] })),
    'write',
  );
  // A new responses version: the next cube read builds the cube with the linked responses.
  await t.db.update(surveys).set({ responsesVersion: sql`${surveys.responsesVersion} + 1` }).where(eq(surveys.id, surveyId));
}, 60_000);

describe('panel background fields in the response cube', { timeout: 60_000 }, () => {
  it('generates a project filter from a panel field whose groups reach reports; a small combination is suppressed', async () => {
    const res = await send('POST', `/project/1/survey/${surveyId}/filterCategory/generate`, { column_key: 'panel:1' });
    expect(res.status).toBe(201);
    const cat = await json<Category>(res);
    expect(cat.title).toBe('Leeftijdsgroep');
    const listed = await json<Category[]>(await admin.get(`${API}/project/1/filterCategory?include=filterOptions.filterConditions`));
    const options = listed.find((c) => c.id === cat.id)!.filterOptions!;
    const young = options.find((o) => o.label === '18 – 34 jaar')!;
    const middle = options.find((o) => o.label === '35 – 49 jaar')!;
    expect(young.filterConditions).toEqual([expect.objectContaining({ column_key: 'panel:1', comparator: 'equal', value: '1' })]);
    // Both groups reach min_n 10 and no one-click neighbour (another age group, a gender, a district) differs by 1 … 9.
    expect(young).toMatchObject({ soloCount: YOUNG, risky: false });
    expect(middle).toMatchObject({ soloCount: MIDDLE, risky: false });

    expect((await send('POST', `/report/1/filterCategory/${cat.id}`)).status).toBe(201);
    const data = await json<Answer>(await send('POST', '/data/1/nl/report/1/chart/4', { benchmarks: [{ label: 'Jong', filterOptions: [young.id] }, { label: 'Midden', filterOptions: [middle.id] }] }));
    const [jong, midden] = data.dataLocations[0]!.benchmarks;
    expect(jong).toMatchObject({ label: 'Jong', suppressed: false });
    expect(jong!.stats!.groupSize).toBe(YOUNG);
    expect(midden!.stats!.groupSize).toBe(MIDDLE);
    // Combined with an age group of the demo respondents, the panel group is small: suppressed.
    const small = await json<Answer>(await send('POST', '/data/1/nl/report/1/chart/4', { benchmarks: [{ label: 'Klein', filterOptions: [middle.id, ...SMALL_WITH] }] }));
    expect(small.dataLocations[0]!.benchmarks[0]).toMatchObject({ label: 'Klein', suppressed: true });
    expect(JSON.stringify(small.dataLocations[0]!.benchmarks[0])).not.toMatch(/count|groupSize|answered/);
  });

  it('a member who leaves is no longer in the cube: their response stays, without background', async () => {
    // A manager removes one of the young members; the fielded survey's cube is rebuilt (rebuild job).
    expect((await send('DELETE', '/panel/1/user/1000')).status).toBe(200);
    expect(await t.db.select().from(surveyTokens).where(eq(surveyTokens.email, 'lid1000@example.nl'))).toEqual([]);
    expect(await t.db.select().from(surveyTokens).where(eq(surveyTokens.participantId, 'panel-user:1000'))).toEqual([]);
    const cats = await json<Category[]>(await admin.get(`${API}/project/1/filterCategory`));
    const age = cats.filter((c) => c.title === 'Leeftijdsgroep').at(-1)!;
    const young = (await json<Option[]>(await admin.get(`${API}/filterCategory/${age.id}/filterOption`))).find((o) => o.label === '18 – 34 jaar')!;
    const youngSize = async () => {
      const data = await json<Answer>(await send('POST', '/data/1/nl/report/1/chart/4', { benchmarks: [{ label: 'Jong', filterOptions: [young.id] }] }));
      return data.dataLocations[0]!.benchmarks[0]!.stats?.groupSize;
    };
    await expect.poll(youngSize, { timeout: 30_000 }).toBe(YOUNG - 1);
  });
});

describe('contact data kept at most 12 months after a study (cron)', { timeout: 60_000 }, () => {
  it('clears names, addresses and attributes of tokens of studies that ended 12 months ago; responses and tokens stay', async () => {
    const { expireContactData } = await import('../../src/server/services/panels/expire-contact-data');
    const named = async () => (await t.db.select().from(surveyTokens).where(eq(surveyTokens.surveyId, surveyId))).filter((x) => x.email !== '').length;
    const before = await named();
    expect(before).toBeGreaterThan(0);
    const responses = await t.client.execute({ sql: 'select count(*) as n from survey_responses where survey_id = ?', args: [surveyId] });
    // The demo fieldwork ends 120 days after the seed: today nothing is cleared, 11 months after the end neither.
    expect((await expireContactData(t.db, new Date())).tokens).toBe(0);
    expect((await expireContactData(t.db, new Date(Date.now() + (120 + 335) * 86_400_000))).tokens).toBe(0);
    expect(await named()).toBe(before);
    const later = await expireContactData(t.db, new Date(Date.now() + (120 + 370) * 86_400_000));
    expect(later.tokens).toBe(before);
    expect(await named()).toBe(0);
    const tokens = await t.db.select().from(surveyTokens).where(eq(surveyTokens.surveyId, surveyId));
    expect(tokens.every((x) => x.firstname === '' && x.lastname === '' && Object.keys(x.attributes).length === 0 && x.token !== '')).toBe(true);
    expect((await t.client.execute({ sql: 'select count(*) as n from survey_responses where survey_id = ?', args: [surveyId] })).rows[0]!.n).toBe(responses.rows[0]!.n);
    // Idempotent.
    expect((await expireContactData(t.db, new Date(Date.now() + 600 * 86_400_000))).tokens).toBe(0);
  });
});
