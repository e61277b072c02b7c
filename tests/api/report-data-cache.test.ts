import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportUsers } from '../../src/server/db/schema';
import { reportAnswers } from '../../src/server/services/report-data/answer-cache';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { demoSurveyId } from '../helpers/demo-survey';

/**
 * The isolate's cache of report data answers (answer-cache.ts): a repeated call is served from it
 * only while the data generation is unchanged, and access is checked on every call. A cache that
 * served stale or foreign data would be a privacy defect, so every way in is tried here.
 */
const t = createSurveyTestApp();
const other = createSurveyTestApp();
afterAll(() => {
  t.close();
  other.close();
});
const DATA = '/portal/api/v2/data/1/nl/report/1';
const body = { benchmarks: [{ label: 'Alle' }, { label: 'Jong', filterOptions: [1] }] };
let surveyId = 0;
let admin: HttpSession;

interface Cell { label: string; suppressed: boolean; stats?: { groupSize: number } }
interface Location { id: number; label: string | null; benchmarks: Cell[] }
const post = (s: HttpSession, json: unknown = body) => s.fetch(DATA, { method: 'POST', json });
async function text(res: Promise<Response>): Promise<string> {
  const r = await res;
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  return r.text();
}
const location = (json: string, id: number) => (JSON.parse(json) as { data: { dataLocations: Location[] } }).data.dataLocations.find((d) => d.id === id)!;

beforeAll(async () => {
  surveyId = await demoSurveyId(t.db);
  admin = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
}, 30_000);

describe('report data answer cache', { timeout: 60_000 }, () => {
  it('serves a repeated call from the cache: the same text, one entry per body', async () => {
    const first = await text(post(admin));
    expect(reportAnswers(t.db).size).toBeGreaterThanOrEqual(1);
    const entries = reportAnswers(t.db).size;
    expect(await text(post(admin))).toBe(first);
    expect(reportAnswers(t.db).size).toBe(entries);
    await text(post(admin, { benchmarks: [{ label: 'Alle' }] }));
    expect(reportAnswers(t.db).size).toBe(entries + 1);
  });

  it('recomputes after any write to an input table, also by raw SQL (triggers raise the generation)', async () => {
    expect(location(await text(post(admin)), 7).label).not.toBe('Gewijzigd');
    await t.client.execute(`update report_data_locations set label = 'Gewijzigd' where id = 7`);
    expect(location(await text(post(admin)), 7).label).toBe('Gewijzigd');
  });

  it('a raised min_n applies at once: no cached small group survives the edit', async () => {
    const before = location(await text(post(admin)), 7).benchmarks;
    expect(before.some((b) => !b.suppressed)).toBe(true);
    await t.client.execute(`update reports set min_n = 100000 where id = 1`);
    const after = location(await text(post(admin)), 7).benchmarks;
    expect(after.every((b) => b.suppressed && b.stats === undefined)).toBe(true);
    await t.client.execute(`update reports set min_n = 5 where id = 1`);
  });

  it('new responses (the cube rebuild raises the responses version) give new counts', async () => {
    const all = () => post(admin).then((r) => r.text()).then((j) => location(j, 7).benchmarks[0]!.stats!.groupSize);
    const before = await all();
    await t.client.execute({ sql: `delete from survey_responses where id in (select id from survey_responses where survey_id = ? order by id limit 3)`, args: [surveyId] });
    await t.client.execute({ sql: 'update surveys set responses_version = responses_version + 1 where id = ?', args: [surveyId] });
    expect(await all()).toBeLessThan(before);
  });

  it('checks access on every call: a reader taken off the report gets 404, a logged-out session 401', async () => {
    const reader = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
    const cached = await text(post(reader));
    expect(await text(post(reader))).toBe(cached);
    // report_users is no input of the answer (no new generation): the access check alone must refuse.
    await t.db.insert(reportUsers).values({ reportId: 1, userId: 1 });
    const refused = await post(reader);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toMatch(/tevredengemeente|groupSize/);
    await t.db.delete(reportUsers);
    expect((await post(reader)).status).toBe(200);
    expect((await reader.post('/portal/auth/logout')).status).toBeLessThan(400);
    expect((await post(reader)).status).toBe(401);
  });

  it('answers If-None-Match with its ETag by 304 while the generation holds, after the access check', async () => {
    const first = await post(admin);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"\d+-[0-9a-z]+"$/);
    await first.text();
    const again = await admin.fetch(DATA, { method: 'POST', json: body, headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another body is another answer: its own ETag, so the old one gives the full answer.
    const otherBody = await admin.fetch(DATA, { method: 'POST', json: { benchmarks: [{ label: 'Alle' }] }, headers: { 'if-none-match': etag! } });
    expect(otherBody.status).toBe(200);
    expect(otherBody.headers.get('etag')).not.toBe(etag);
    await otherBody.text();
    // A write to an input raises the generation: the old ETag no longer matches.
    await t.client.execute(`update report_data_locations set label = 'Na ETag' where id = 7`);
    const changed = await admin.fetch(DATA, { method: 'POST', json: body, headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(location(await changed.text(), 7).label).toBe('Na ETag');
    // Someone who may not see the report gets 404, not 304, whatever ETag they send.
    const reader = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
    const current = (await post(admin)).headers.get('etag')!;
    await t.db.insert(reportUsers).values({ reportId: 1, userId: 1 });
    expect((await reader.fetch(DATA, { method: 'POST', json: body, headers: { 'if-none-match': current } })).status).toBe(404);
    await t.db.delete(reportUsers);
  });

  it('never serves one database’s answer for another’s (caches are per database)', async () => {
    await t.client.execute(`update report_data_locations set label = 'Alleen in t' where id = 7`);
    expect(location(await text(post(admin)), 7).label).toBe('Alleen in t');
    const elsewhere = await loginAs(other.session(), 'beheerder@demo.impulz.nl');
    expect(location(await text(post(elsewhere)), 7).label).not.toBe('Alleen in t');
  });
});
