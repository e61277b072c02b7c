import { readFileSync } from 'node:fs';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, limeConnections, limeSurveyLinks, surveyQuestions, surveyResponses, surveys, surveyTokens } from '../../src/server/db/schema';
import { enqueueScheduledSyncs } from '../../src/server/services/lime/sync-job';
import { codeLength } from '../../src/server/services/surveys/token-job';
import { surveysNl } from '../../src/shared/i18n/surveys';
import { countLss } from '../helpers/lss-counts';
import { startLimeServer } from '../helpers/lime-rpc-server';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';
import { userByEmail } from '../helpers/accounts';
import { jsonApi, sessionFor } from '../helpers/manage';

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
type Job = { id: number; status: string; error?: string; result: { responses: { changed: number; rows: number }; tokens: { rows: number; changed: number; inserted: number; updated: number; withoutToken: number; newCodes: number }; from_response_id: number } };

describe('LimeSurvey koppeling (RemoteControl 2)', { timeout: 30_000 }, () => {
  let surveyId = 0;

  it('refuses a wrong password or URL in Dutch and stores nothing; saves a working connection encrypted', async () => {
    expect(((await (await staff.get('/portal/api/v2/survey/lime')).json()) as { data: unknown }).data).toBeNull();
    const wrong = await staff.fetch('/portal/api/v2/survey/lime', { method: 'PUT', json: { url: lime.url, username: lime.username, password: 'fout' } });
    expect(wrong.status).toBe(422);
    // One sentence whatever the installation did (docs/security.md); the detail is in the audit trail.
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors).toEqual({ url: ['De LimeSurvey-installatie gaf geen geldig antwoord'] });
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

  it("the user's 'LimeSurvey koppeling': chosen from the installation's users (list_users), checked there, group Admin only", async () => {
    const admin = jsonApi(await sessionFor(t.db, t.session(), 'admin@demo.impulz.nl'));
    const gebruiker = (await userByEmail(t.db, 'gebruiker@demo.impulz.nl'))!;
    type Users = { data: { connected: boolean; users: { uid: number; username: string; full_name: string; portal_user: { id: number } | null }[] | null } };
    const list = await admin.get<Users>(`/user/${gebruiker.id}/lime/users`);
    expect(list.status).toBe(200);
    expect(list.body.data.connected).toBe(true);
    // The seed couples admin@demo (user 1) to LimeSurvey user 1.
    expect(list.body.data.users!.map((u) => [u.uid, u.username, u.portal_user?.id ?? null])).toEqual([[1, lime.username, 1], [7, 'onderzoeker', null]]);
    expect(JSON.stringify(list.body), JSON.stringify(list.body)).not.toContain('permissions');
    const unknown = await admin.put<{ errors: Record<string, string[]> }>(`/user/${gebruiker.id}/lime/99`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.uid).toEqual(['LimeSurvey kent geen gebruiker met id 99.']);
    expect((await admin.put(`/user/${gebruiker.id}/lime/7`)).status).toBe(200);
    expect((await admin.get<Users>(`/user/${gebruiker.id}/lime/users`)).body.data.users!.find((u) => u.uid === 7)!.portal_user).toMatchObject({ id: gebruiker.id });
    // Not group Admin: no list, no change.
    expect((await staff.get(`/portal/api/v2/user/${gebruiker.id}/lime/users`)).status).toBe(403);
    // Another company without a connection: nothing to choose from, any id is taken.
    const nb = (await userByEmail(t.db, 'beheerder@noordbroek.demo.impulz.nl'))!;
    expect((await admin.get<Users>(`/user/${nb.id}/lime/users`)).body.data).toEqual({ connected: false, users: null });
    // A connection whose LimeSurvey user isn't a superadmin can't list users: the id is taken as given.
    const limited = await startLimeServer({ superadmin: false });
    try {
      const nbStaff = t.session();
      expect((await nbStaff.login('beheerder@noordbroek.demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
      expect((await nbStaff.fetch('/portal/api/v2/survey/lime', { method: 'PUT', json: { url: limited.url, username: limited.username, password: limited.password } })).status).toBe(200);
      expect((await admin.get<Users>(`/user/${nb.id}/lime/users`)).body.data).toEqual({ connected: true, users: null });
      expect((await admin.put<{ data: { lime_user_id: number } }>(`/user/${nb.id}/lime/55`)).body.data.lime_user_id).toBe(55);
      expect((await admin.del(`/user/${nb.id}/lime`)).status).toBe(200);
      expect((await nbStaff.fetch('/portal/api/v2/survey/lime', { method: 'DELETE' })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("'Alleen mijn LimeSurvey-enquêtes' lists the surveys of the coupled LimeSurvey user", async () => {
    const mine = await staff.get('/portal/api/v2/survey/lime/surveys?mine=1');
    expect(mine.status).toBe(422);
    expect(((await mine.json()) as { message: string }).message).toContain('nog niet gekoppeld');
    expect((await staff.get('/portal/api/v2/survey/lime/surveys?mine=ja')).status).toBe(422);
    const admin = jsonApi(await sessionFor(t.db, t.session(), 'admin@demo.impulz.nl'));
    const beheerder = (await userByEmail(t.db, 'beheerder@demo.impulz.nl'))!;
    expect((await admin.put(`/user/${beheerder.id}/lime/1`)).status).toBe(200);
    const list = (await (await staff.get('/portal/api/v2/survey/lime/surveys?mine=1')).json()) as { data: { surveys: { sid: number }[] } };
    expect(list.data.surveys.map((s) => s.sid)).toEqual([999001]);
    expect(lime.calls.filter((c) => c.method === 'list_surveys').at(-1)!.params[1]).toBe(lime.username);
  });

  it("lists the installation's surveys and imports one's structure, then synchronises its responses and tokens", async () => {
    const list = (await (await staff.get('/portal/api/v2/survey/lime/surveys')).json()) as { data: { connected: boolean; surveys: { sid: number; title: string; survey_id: number | null }[] } };
    expect(list.data.connected).toBe(true);
    expect(list.data.surveys.map((s) => s.sid)).toEqual([lime.sid, 999001]);
    const res = await staff.post('/portal/api/v2/survey/lime/import', { sid: lime.sid });
    expect(res.status).toBe(201);
    const data = ((await res.json()) as { data: { id: number; groups: number; questions: number; sync_job_id: number } }).data;
    surveyId = data.id;
    // Its LimeSurvey owner (uid 7) is coupled to gebruiker@demo: that user owns it in the portal.
    const [row] = await t.db.select({ ownerId: surveys.ownerId }).from(surveys).where(eq(surveys.id, surveyId));
    expect(row!.ownerId).toBe((await userByEmail(t.db, 'gebruiker@demo.impulz.nl'))!.id);
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

  it("tokens follow the archive's merge rule: progress only forward, completion never undone, opt-out kept, portal data untouched", async () => {
    const token = async (tok: string) => (await t.db.select().from(surveyTokens).where(and(eq(surveyTokens.surveyId, surveyId), eq(surveyTokens.token, tok))))[0]!;
    const sync = async () => {
      const res = await staff.post(`/portal/api/v2/survey/${surveyId}/lime/sync`, {});
      const job = ((await (await staff.get(`/portal/api/v2/job/${((await res.json()) as { data: { id: number } }).data.id}`)).json()) as { data: Job }).data;
      expect(job.status, job.error).toBe('done');
      return job;
    };
    // Staff manage the portal's rows: a corrected name and e-mail, and a token they reset on purpose.
    await t.db.update(surveyTokens).set({ firstname: 'Anna (portaal)', email: 'anna@portaal.nl' }).where(and(eq(surveyTokens.surveyId, surveyId), eq(surveyTokens.token, 'lstoken5')));
    const completedBefore = await token('lstoken1');
    expect(completedBefore.completed).toBe('2024-02-01 10:00');
    // LimeSurvey now says otherwise: lstoken1 not completed and never invited, lstoken5 renamed,
    // reminded twice and opted out, lstoken6 completed.
    Object.assign(lime.participants[0]!, { completed: 'N', sent: 'N', usesleft: '1' });
    Object.assign(lime.participants[4]!, { participant_info: { firstname: 'Anna (LimeSurvey)', lastname: 'Anders', email: 'anna@lime.org' }, remindersent: '2024-02-10 09:00', remindercount: '2', blacklisted: 'Y' });
    Object.assign(lime.participants[5]!, { completed: '2024-03-05 12:00', usesleft: '0' });
    lime.calls.length = 0;
    const job = await sync();
    // The progress fields are asked of LimeSurvey.
    expect(lime.calls.find((c) => c.method === 'list_participants')!.params[5]).toEqual(['participant_id', 'emailstatus', 'language', 'completed', 'sent', 'remindersent', 'remindercount', 'usesleft', 'blacklisted', 'validfrom', 'validuntil']);
    expect(job.result.tokens.changed).toBe(2);
    expect(await token('lstoken1')).toMatchObject({ completed: '2024-02-01 10:00', sent: '2024-01-20 09:00', usesLeft: completedBefore.usesLeft });
    expect(await token('lstoken5')).toMatchObject({ firstname: 'Anna (portaal)', lastname: 'Test', email: 'anna@portaal.nl', reminderSent: '2024-02-10 09:00', reminderCount: 2, blacklisted: 'Y', completed: 'N' });
    expect(await token('lstoken6')).toMatchObject({ completed: '2024-03-05 12:00', usesLeft: 0 });

    // LimeSurvey takes the opt-out back, lowers the reminder count and changes the completion date:
    // the portal keeps what it had, so nothing changes.
    Object.assign(lime.participants[4]!, { remindersent: 'N', remindercount: '1', blacklisted: 'N' });
    Object.assign(lime.participants[5]!, { completed: '2024-04-01 08:00' });
    const again = await sync();
    expect(again.result.tokens.changed).toBe(0);
    expect(await token('lstoken5')).toMatchObject({ reminderSent: '2024-02-10 09:00', reminderCount: 2, blacklisted: 'Y' });
    expect(await token('lstoken6')).toMatchObject({ completed: '2024-03-05 12:00' });
  });

  it("participants LimeSurvey has no token for get a portal code of the survey's length, found again by their tid", async () => {
    const sync = async () => {
      const res = await staff.post(`/portal/api/v2/survey/${surveyId}/lime/sync`, {});
      const job = ((await (await staff.get(`/portal/api/v2/job/${((await res.json()) as { data: { id: number } }).data.id}`)).json()) as { data: Job }).data;
      expect(job.status, job.error).toBe('done');
      return job;
    };
    const issued = async () => (await t.db.select().from(surveyTokens).where(and(eq(surveyTokens.surveyId, surveyId), isNotNull(surveyTokens.importKey)))).sort((a, b) => a.id - b.id);
    const all = async () => n(t.db.select({ n: count() }).from(surveyTokens).where(eq(surveyTokens.surveyId, surveyId)));
    const lastAudit = async (action: string) => (await t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.resourceId, surveyId))).orderBy(desc(auditLog.id)))[0]!.summary;
    const base = { participant_id: null, emailstatus: 'OK', sent: 'N', remindersent: 'N', remindercount: '0', blacklisted: 'N', validuntil: null };
    // Added in LimeSurvey without a token: JSON null for one, an empty string for the other.
    lime.participants.push(
      { ...base, tid: '7', token: null, participant_info: { firstname: 'Zonder', lastname: 'Token', email: 'z7@example.org' }, language: 'nl', completed: 'N', usesleft: '1', validfrom: '2026-01-01 00:00:00' },
      { ...base, tid: '8', token: '', participant_info: { firstname: 'Ook', lastname: 'Zonder', email: 'z8@example.org' }, language: null, completed: '2024-03-05 12:00', usesleft: '0', validfrom: null },
    );
    const before = await all();
    const length = codeLength((await t.db.select({ n: surveys.tokenLength }).from(surveys).where(eq(surveys.id, surveyId)))[0]!.n);
    const job = await sync();
    expect(job.result.tokens).toEqual({ rows: 8, inserted: 2, updated: 0, unchanged: 6, withoutToken: 2, newCodes: 2, changed: 2 });
    expect(await all()).toBe(before + 2);
    const fresh = await issued();
    expect(fresh.map((r) => r.importKey)).toEqual(['tid:7', 'tid:8']);
    for (const r of fresh) expect(r.token).toMatch(new RegExp(`^[A-Za-z0-9]{${length}}$`));
    expect(new Set(fresh.map((r) => r.token)).size).toBe(2);
    expect(fresh[0]).toMatchObject({ firstname: 'Zonder', lastname: 'Token', email: 'z7@example.org', language: 'nl', validFrom: '2026-01-01 00:00:00', completed: 'N', usesLeft: 1 });
    // A completion from the live link needs no response as evidence (LimeSurvey's word, as for tokens).
    expect(fresh[1]).toMatchObject({ firstname: 'Ook', completed: '2024-03-05 12:00', usesLeft: 0, language: null });
    // The screen's summary and both audit rows say it.
    const [link] = await t.db.select().from(limeSurveyLinks).where(eq(limeSurveyLinks.surveyId, surveyId));
    expect(link!.lastResult).toMatchObject({ tokens: { withoutToken: 2, newCodes: 2, changed: 2 } });
    expect(await lastAudit('tokens.import')).toMatch(/\(LimeSurvey-synchronisatie\) in \d+: 8 gelezen, 6 met code, 2 zonder code; nieuwe codes uitgegeven: 2$/);
    expect(await lastAudit('lime.sync')).toMatch(/; 8 deelnemers gelezen, 2 nieuw of bijgewerkt, 2 zonder code; nieuwe codes uitgegeven: 2$/);
    expect(surveysNl.lime.syncResult(0, 2, 2)).toBe('0 responsen en 2 tokens nieuw of bijgewerkt. 2 deelnemers zonder code kregen een nieuwe code.');
    expect(surveysNl.lime.syncResult(1, 1, 1)).toBe('1 respons en 1 token nieuw of bijgewerkt. 1 deelnemer zonder code kreeg een nieuwe code.');
    expect(surveysNl.lime.syncResult(3, 0)).toBe('3 responsen en 0 tokens nieuw of bijgewerkt.');

    // The next sync finds them by their tid: no new rows, no new codes.
    const again = await sync();
    expect(again.result.tokens).toEqual({ rows: 8, inserted: 0, updated: 0, unchanged: 8, withoutToken: 2, newCodes: 0, changed: 0 });
    expect(await all()).toBe(before + 2);
    expect((await issued()).map((r) => [r.importKey, r.token])).toEqual(fresh.map((r) => [r.importKey, r.token]));
    expect(await lastAudit('tokens.import')).toMatch(/2 zonder code; nieuwe codes uitgegeven: 0$/);
    // An opt-out in LimeSurvey since reaches the code the portal issued.
    lime.participants[6]!.blacklisted = 'Y';
    const optOut = await sync();
    expect(optOut.result.tokens).toMatchObject({ inserted: 0, updated: 1, newCodes: 0 });
    expect((await issued())[0]).toMatchObject({ importKey: 'tid:7', token: fresh[0]!.token, blacklisted: 'Y' });
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
