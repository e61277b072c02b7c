import { readFileSync } from 'node:fs';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limeConnections, limeSurveyLinks, surveyQuestions, surveyResponses, surveyTokens } from '../../src/server/db/schema';
import { enqueueScheduledSyncs } from '../../src/server/services/lime/sync-job';
import { countLss } from '../helpers/lss-counts';
import { startLimeServer } from '../helpers/lime-rpc-server';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';

const t = createSurveyTestApp();
const staff = t.session();
let lime: Awaited<ReturnType<typeof startLimeServer>>;
afterAll(async () => {
  await lime.close();
  t.close();
});
beforeAll(async () => {
  lime = await startLimeServer();
  expect((await staff.login('beheerder@demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
});
const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
type Job = { id: number; status: string; error?: string; result: { responses: { changed: number; rows: number }; tokens: { rows: number; changed: number }; from_response_id: number } };

describe('LimeSurvey koppeling (RemoteControl 2)', { timeout: 30_000 }, () => {
  let surveyId = 0;

  it('refuses a wrong password or URL in Dutch and stores nothing; saves a working connection encrypted', async () => {
    expect(((await (await staff.get('/portal/api/v2/survey/lime')).json()) as { data: unknown }).data).toBeNull();
    const wrong = await staff.fetch('/portal/api/v2/survey/lime', { method: 'PUT', json: { url: lime.url, username: lime.username, password: 'fout' } });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors.password).toEqual(['LimeSurvey weigert deze gebruikersnaam of dit wachtwoord.']);
    const insecure = await staff.fetch('/portal/api/v2/survey/lime', { method: 'PUT', json: { url: 'http://enquete.example.nl/index.php/admin/remotecontrol', username: 'x', password: 'y' } });
    expect(((await insecure.json()) as { errors: Record<string, string[]> }).errors.url).toEqual(['Vul een geldige https-URL in']);
    expect(await n(t.db.select({ n: count() }).from(limeConnections))).toBe(0);
    const ok = await staff.fetch('/portal/api/v2/survey/lime', { method: 'PUT', json: { url: lime.url, username: lime.username, password: lime.password } });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ url: lime.url, username: lime.username, has_password: true });
    expect(JSON.stringify(body)).not.toContain(lime.password);
    const [row] = await t.db.select().from(limeConnections);
    expect(row!.passwordSealed.startsWith('v1.')).toBe(true);
    expect(row!.passwordSealed).not.toContain(lime.password);
    // Changing the user without a password keeps the stored one.
    expect((await staff.fetch('/portal/api/v2/survey/lime', { method: 'PUT', json: { url: lime.url, username: lime.username, password: '' } })).status).toBe(200);
  });

  it("lists the installation's surveys and imports one's structure, then synchronises its responses and tokens", async () => {
    const list = (await (await staff.get('/portal/api/v2/survey/lime/surveys')).json()) as { data: { connected: boolean; surveys: { sid: number; title: string; survey_id: number | null }[] } };
    expect(list.data.connected).toBe(true);
    expect(list.data.surveys.map((s) => s.sid)).toEqual([lime.sid, 999001]);
    const res = await staff.post('/portal/api/v2/survey/lime/import', { sid: lime.sid });
    expect(res.status).toBe(201);
    const data = ((await res.json()) as { data: { id: number; groups: number; questions: number; sync_job_id: number } }).data;
    surveyId = data.id;
    const expected = countLss(readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss', 'utf8'));
    expect(data).toMatchObject({ groups: expected.groups, questions: expected.questions });
    expect(await n(t.db.select({ n: count() }).from(surveyQuestions).where(and(eq(surveyQuestions.surveyId, surveyId), isNotNull(surveyQuestions.parentId))))).toBe(expected.subquestions);
    // The first sync ran as a job right after the import.
    const job = ((await (await staff.get(`/portal/api/v2/job/${data.sync_job_id}`)).json()) as { data: Job }).data;
    expect(job.status, job.error).toBe('done');
    expect(job.result.responses).toMatchObject({ rows: lime.responses.length, changed: lime.responses.length });
    expect(await n(t.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId)))).toBe(lime.responses.length);
    const [first] = await t.db.select().from(surveyResponses).where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.responseId, 1)));
    expect(JSON.parse(first!.answers)).toMatchObject({ Q00_SQ009: 'Y' });
    expect(await n(t.db.select({ n: count() }).from(surveyTokens).where(eq(surveyTokens.surveyId, surveyId)))).toBe(lime.participants.length);
    expect(await n(t.db.select({ n: count() }).from(surveyTokens).where(and(eq(surveyTokens.surveyId, surveyId), eq(surveyTokens.completed, 'N'))))).toBe(4);
    expect(job.result.from_response_id).toBe(Math.max(...lime.responses.map((r) => r.id)) + 1);
    // Every session was released.
    expect(lime.sessions.size).toBe(0);
    const again = await staff.post('/portal/api/v2/survey/lime/import', { sid: lime.sid });
    expect(again.status).toBe(409);
  });

  it('synchronises incrementally on demand: only responses from the last position are fetched', async () => {
    const last = Math.max(...lime.responses.map((r) => r.id));
    lime.responses.push({ id: last + 1, submitdate: null, values: { ...lime.responses[0]!.values } });
    lime.participants[3]!.completed = '2024-03-01 08:00';
    lime.calls.length = 0;
    const res = await staff.post(`/portal/api/v2/survey/${surveyId}/lime/sync`, {});
    expect(res.status).toBe(202);
    const job = ((await (await staff.get(`/portal/api/v2/job/${((await res.json()) as { data: { id: number } }).data.id}`)).json()) as { data: Job }).data;
    expect(job.status, job.error).toBe('done');
    const exportCall = lime.calls.find((c) => c.method === 'export_responses')!;
    expect(exportCall.params[7]).toBe(last + 1);
    expect(job.result.responses).toMatchObject({ rows: 1, changed: 1 });
    expect(job.result.tokens.changed).toBe(1);
    // The new response is incomplete: the next sync starts there, and picks up its completion.
    expect(job.result.from_response_id).toBe(last + 1);
    lime.responses[lime.responses.length - 1]!.submitdate = '2024-03-02 10:00:00';
    const res2 = await staff.post(`/portal/api/v2/survey/${surveyId}/lime/sync`, {});
    const job2 = ((await (await staff.get(`/portal/api/v2/job/${((await res2.json()) as { data: { id: number } }).data.id}`)).json()) as { data: Job }).data;
    expect(job2.result.responses).toMatchObject({ rows: 1, changed: 1 });
    expect(job2.result.from_response_id).toBe(last + 2);
    const [updated] = await t.db.select().from(surveyResponses).where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.responseId, last + 1)));
    expect(updated!.submitDate).toBe('2024-03-02 10:00:00');
    expect(await n(t.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId)))).toBe(lime.responses.length);
  });

  it('a deleted response is not brought back by a later sync', async () => {
    const [row] = await t.db.select().from(surveyResponses).where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.responseId, 1)));
    expect((await staff.fetch(`/portal/api/v2/survey/${surveyId}/responses/${row!.id}`, { method: 'DELETE' })).status).toBe(200);
    await t.db.update(limeSurveyLinks).set({ fromResponseId: 1 }).where(eq(limeSurveyLinks.surveyId, surveyId));
    const res = await staff.post(`/portal/api/v2/survey/${surveyId}/lime/sync`, {});
    const job = ((await (await staff.get(`/portal/api/v2/job/${((await res.json()) as { data: { id: number } }).data.id}`)).json()) as { data: Job & { result: { responses: { forgotten: number } } } }).data;
    expect(job.status, job.error).toBe('done');
    expect(job.result.responses.forgotten).toBe(1);
    expect(await n(t.db.select({ n: count() }).from(surveyResponses).where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.responseId, 1))))).toBe(0);
  });

  it('the cron enqueues a sync per linked survey with the schedule on', async () => {
    const enqueued: unknown[] = [];
    expect(await enqueueScheduledSyncs({ db: t.db, enqueue: async (kind, payload) => void enqueued.push({ kind, payload }) })).toBe(1);
    expect(enqueued).toEqual([{ kind: 'lime.sync', payload: { surveyId } }]);
    expect((await staff.fetch(`/portal/api/v2/survey/${surveyId}/lime`, { method: 'PUT', json: { sync_enabled: false } })).status).toBe(200);
    expect(await enqueueScheduledSyncs({ db: t.db, enqueue: async () => undefined })).toBe(0);
  });

  it('keeps other companies and users without survey.edit out', async () => {
    const other = t.session();
    expect((await other.login('beheerder@noordbroek.demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
    expect(((await (await other.get('/portal/api/v2/survey/lime')).json()) as { data: unknown }).data).toBeNull();
    expect((await other.post(`/portal/api/v2/survey/${surveyId}/lime/sync`, {})).status).toBe(404);
    expect(((await (await other.get('/portal/api/v2/survey/lime/surveys')).json()) as { data: { connected: boolean } }).data.connected).toBe(false);
    const user = t.session();
    expect((await user.login('gebruiker@demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
    expect((await user.get('/portal/api/v2/survey/lime')).status).toBe(403);
    expect((await staff.fetch('/portal/api/v2/survey/lime', { method: 'DELETE' })).status).toBe(200);
    expect(await n(t.db.select({ n: count() }).from(limeSurveyLinks))).toBe(0);
    void isNull;
  });
});
