import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, surveyTokens } from '../../src/server/db/schema';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';

const FIXTURES = LIMESURVEY_FIXTURES;
const t = createSurveyTestApp();
const staff = t.session();
afterAll(() => t.close());
let id = 0;

beforeAll(async () => {
  expect((await staff.login('beheerder@demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
  const form = new FormData();
  form.set('file', new File([readFileSync(FIXTURES + 'ls205_sample_survey_english.lss', 'utf8')], 'ls205.lss'));
  id = ((await (await staff.fetch('/portal/api/v2/survey/import', { method: 'POST', body: form })).json()) as { data: { id: number } }).data.id;
});

const tokenCount = async () => (await t.db.select({ n: count() }).from(surveyTokens).where(eq(surveyTokens.surveyId, id)))[0]!.n;

describe('survey tokens', { timeout: 30_000 }, () => {
  it('generates tokens as a job: distinct, ≥ 72 bits, progress 100', async () => {
    const res = await staff.post(`/portal/api/v2/survey/${id}/token/generate`, { count: 20_000 });
    expect(res.status).toBe(202);
    const { data } = (await res.json()) as { data: { id: number } };
    const job = ((await (await staff.get(`/portal/api/v2/job/${data.id}`)).json()) as { data: { status: string; progress: number; result: { generated: number } } }).data;
    expect(job).toMatchObject({ status: 'done', progress: 100, result: { generated: 20_000 } });
    const tokens = await t.db.select({ token: surveyTokens.token }).from(surveyTokens).where(eq(surveyTokens.surveyId, id));
    expect(tokens).toHaveLength(20_000);
    expect(new Set(tokens.map((r) => r.token)).size).toBe(20_000);
    // 15 characters of [A-Za-z0-9]: log2(62) × 15 ≈ 89 bits.
    for (const { token } of tokens.slice(0, 100)) expect(token).toMatch(/^[A-Za-z0-9]{15}$/);
    const chars = new Set(tokens.flatMap((r) => [...r.token]));
    expect(chars.size).toBe(62);
  });

  it("refuses 0, 1.000.001 and non-numbers with the spec's Dutch messages, nothing stored", async () => {
    const before = await tokenCount();
    const jobsBefore = (await t.db.select({ n: count() }).from(jobs))[0]!.n;
    const cases: [unknown, string][] = [
      [0, 'De minimale waarde van dit veld is 1'],
      [1_000_001, 'Maximaal 1.000.000 tokens'],
      ['tien', 'Dit veld mag alleen hele nummers bevatten'],
      [2.5, 'Dit veld mag alleen hele nummers bevatten'],
      [undefined, 'Dit veld mag niet leeg zijn'],
    ];
    for (const [value, message] of cases) {
      const res = await staff.post(`/portal/api/v2/survey/${id}/token/generate`, { count: value });
      expect(res.status, String(value)).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.count).toEqual([message]);
    }
    expect(await tokenCount()).toBe(before);
    expect((await t.db.select({ n: count() }).from(jobs))[0]!.n).toBe(jobsBefore);
  });

  it('lists, toggles complete, exports CSV and lists token fields', async () => {
    const list = (await (await staff.get(`/portal/api/v2/survey/${id}/token?per_page=10&page=2`)).json()) as { data: { id: number; completed: string }[]; meta: { total: number } };
    expect(list.data).toHaveLength(10);
    expect(list.meta.total).toBe(20_000);
    const tokenId = list.data[0]!.id;
    const on = await staff.fetch(`/portal/api/v2/survey/${id}/token/toggle`, { method: 'PUT', json: { token_id: tokenId } });
    expect(on.status).toBe(200);
    expect(((await on.json()) as { data: { completed: string } }).data.completed).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const done = (await (await staff.get(`/portal/api/v2/survey/${id}/token?completed=Y`)).json()) as { data: { id: number }[] };
    expect(done.data.map((d) => d.id)).toEqual([tokenId]);
    const off = await staff.fetch(`/portal/api/v2/survey/${id}/token/toggle`, { method: 'PUT', json: { token_id: tokenId } });
    expect(((await off.json()) as { data: { completed: string } }).data.completed).toBe('N');

    const csv = await staff.get(`/portal/api/v2/survey/${id}/token/export`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(lines[0]!.startsWith('"tid","firstname","lastname","email","emailstatus","token"')).toBe(true);
    expect(lines).toHaveLength(20_001);

    const fields = (await (await staff.get(`/portal/api/v2/survey/${id}/tokenField`)).json()) as { data: { field: string }[] };
    expect(fields.data.map((f) => f.field)).toContain('completed');
    const answers = (await (await staff.get(`/portal/api/v2/survey/${id}/tokenfield/completed/answer`)).json()) as { data: { value: string; count: number }[] };
    expect(answers.data).toEqual([{ value: 'N', count: 20_000 }]);
    expect((await staff.get(`/portal/api/v2/survey/${id}/tokenfield/attribute_9/answer`)).status).toBe(404);
  });

  it('hides tokens from another company and from users without survey roles', async () => {
    const other = t.session();
    await other.login('beheerder@noordbroek.demo.impulz.nl', 'ImpulZ-demo-2026!');
    expect((await other.get(`/portal/api/v2/survey/${id}/token`)).status).toBe(404);
    expect((await other.post(`/portal/api/v2/survey/${id}/token/generate`, { count: 5 })).status).toBe(404);
    const user = t.session();
    await user.login('gebruiker@demo.impulz.nl', 'ImpulZ-demo-2026!');
    expect((await user.get(`/portal/api/v2/survey/${id}/token`)).status).toBe(403);
  });
});
