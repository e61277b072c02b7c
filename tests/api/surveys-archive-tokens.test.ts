import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyResponses, surveyTokens } from '../../src/server/db/schema';
import { loginAs } from '../helpers/accounts';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';
import { colorsArchive, lstFile } from '../helpers/limesurvey-archive';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import type { HttpSession } from '../helpers/http-session';

/**
 * An archive (.lsa) uploaded as a response file of an existing survey: its participants (.lst)
 * are merged into the survey's tokens the way an archive import reads them, without duplicates
 * and without overwriting what the portal holds (README: "Participants from an archive").
 */
const t = createSurveyTestApp();
afterAll(() => t.close());
let staff: HttpSession;
let api: HttpSession;
let surveyId: number;

type Job = { status: string; error?: string; result: Record<string, unknown> & { tokens?: Record<string, number>; tokensNotRead?: boolean } };
const tok = (n: number) => `tok${String(n).padStart(12, '0')}`;
const LSR = readFileSync(LIMESURVEY_FIXTURES + 'survey_841748_responses.lsr', 'utf8');
/** The fixture's two (completed) responses, given tokens as LimeSurvey writes them (a <token> after the id). */
const lsrWithTokens = (first: string, second: string) =>
  LSR.replace('<row><id><![CDATA[1]]></id>', `<row><id><![CDATA[1]]></id><token><![CDATA[${first}]]></token>`).replace('<row><id><![CDATA[2]]></id>', `<row><id><![CDATA[2]]></id><token><![CDATA[${second}]]></token>`);
/** Ten participants (tok1 … tok9 and one without a token); tok4 has opted out in LimeSurvey. */
const archive = (count = 10) => colorsArchive({ responses: lsrWithTokens(tok(3), tok(9)), lst: lstFile(count, 841748, (n, v) => void (n === 4 && (v.blacklisted = 'Y'))) });

async function post(bytes: Uint8Array, session = staff) {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], 'survey_archive_841748.lsa'));
  return session.fetch(`/portal/api/v2/survey/${surveyId}/response`, { method: 'POST', body: form });
}
async function runUpload(bytes: Uint8Array, session = staff): Promise<Job> {
  const res = await post(bytes, session);
  expect(res.status).toBe(202);
  const { data } = (await res.json()) as { data: { id: number } };
  return ((await (await session.get(`/portal/api/v2/job/${data.id}`)).json()) as { data: Job }).data;
}
const tokenRows = async () => new Map((await t.db.select().from(surveyTokens).where(eq(surveyTokens.surveyId, surveyId))).map((r) => [r.token, r]));

beforeAll(async () => {
  staff = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  api = await loginAs(t.session(), 'api@demo.impulz.nl');
  const form = new FormData();
  form.set('file', new File([readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss')], 'colors.lss'));
  form.set('confirm_duplicate', '1');
  const res = await staff.fetch('/portal/api/v2/survey/import', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  surveyId = ((await res.json()) as { data: { id: number } }).data.id;
  // What the portal holds already: tok1 edited by staff, tok2 completed here, tok3/tok4/tok6 open.
  const now = new Date('2026-01-10T09:00:00Z');
  await t.db.insert(surveyTokens).values([
    { surveyId, token: tok(1), firstname: 'Portaal', lastname: 'Gewijzigd', email: 'portaal@example.org', createdAt: now, updatedAt: now },
    { surveyId, token: tok(2), completed: '2025-12-01 09:00', usesLeft: 0, createdAt: now, updatedAt: now },
    { surveyId, token: tok(3), createdAt: now, updatedAt: now },
    { surveyId, token: tok(4), createdAt: now, updatedAt: now },
    { surveyId, token: tok(6), createdAt: now, updatedAt: now },
  ]);
}, 30_000);

describe('an archive uploaded as a response file brings its participants', () => {
  it('adds new tokens and moves known ones forward only, never overwriting the portal’s data', async () => {
    const job = await runUpload(archive());
    expect(job.status, job.error).toBe('done');
    expect(job.result).toMatchObject({ format: 'lsr', rows: 2, inserted: 2, rejected: 0 });
    expect(job.result.tokens).toEqual({ rows: 10, inserted: 4, updated: 3, unchanged: 2, withoutToken: 1 });
    const rows = await tokenRows();
    expect(rows.size).toBe(9);
    // Known, invited in LimeSurvey: the invitation date comes over; the portal's names and e-mail stay.
    expect(rows.get(tok(1))).toMatchObject({ firstname: 'Portaal', lastname: 'Gewijzigd', email: 'portaal@example.org', sent: '2024-03-01 10:00', completed: 'N' });
    // Completed in the portal: stays as it is, whatever the archive says.
    expect(rows.get(tok(2))).toMatchObject({ completed: '2025-12-01 09:00', usesLeft: 0, firstname: '' });
    // Completed in LimeSurvey and its completed response is now in the survey: the completion comes over.
    expect(rows.get(tok(3))).toMatchObject({ completed: '2024-03-02 12:00', sent: '2024-03-01 10:00', firstname: '' });
    // Opted out in LimeSurvey: taken over.
    expect(rows.get(tok(4))).toMatchObject({ blacklisted: 'Y', completed: 'N' });
    // 'Completed' in the participants table, but no completed response with that token: no reason to believe it.
    expect(rows.get(tok(6))).toMatchObject({ completed: 'N' });
    // New: as LimeSurvey has them.
    expect(rows.get(tok(9))).toMatchObject({ firstname: 'Voornaam9', email: 'p9@example.org', completed: '2024-03-02 12:00', attributes: { attribute_1: 'Noord' } });
    expect(rows.get(tok(5))).toMatchObject({ firstname: 'Voornaam5', completed: 'N', sent: '2024-03-01 10:00' });
    expect(t.bucket.keys().filter((k) => k.startsWith('surveys/'))).toEqual([]);
  });

  it('adds nothing and changes nothing when the same archive comes again', async () => {
    const before = await tokenRows();
    const job = await runUpload(archive());
    expect(job.status, job.error).toBe('done');
    expect(job.result).toMatchObject({ rows: 2, inserted: 0, alreadyPresent: 2 });
    expect(job.result.tokens).toEqual({ rows: 10, inserted: 0, updated: 0, unchanged: 9, withoutToken: 1 });
    expect(await tokenRows()).toEqual(before);
  });

  it('leaves the participants out for an uploader without survey.edit (the Api user), and says so', async () => {
    const before = (await tokenRows()).size;
    const job = await runUpload(archive(14), api);
    expect(job.status, job.error).toBe('done');
    expect(job.result.tokens).toBeUndefined();
    expect(job.result.tokensNotRead).toBe(true);
    expect((await tokenRows()).size).toBe(before);
  });

  it('refuses an archive whose participants member is not a participants file, or another survey’s archive, storing nothing', async () => {
    const responses = async () => (await t.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId)))[0]!.n;
    const before = await responses();
    const bad = colorsArchive({ responses: lsrWithTokens(tok(11), tok(12)).replace(/<id><!\[CDATA\[(\d)\]\]><\/id>/g, '<id><![CDATA[5$1]]></id>'), lst: LSR });
    const res = await post(bad);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toMatch(/Responses/);
    // Another survey's archive: its responses header names a column this survey doesn't have (read from the member's start only).
    const foreign = await post(colorsArchive({ responses: LSR.replace(/841748X3X3SQ001/g, '1X1X1SQ001'), tokens: 3 }));
    expect(foreign.status).toBe(422);
    expect(((await foreign.json()) as { message: string }).message).toMatch(/1X1X1SQ001/);
    expect(await responses()).toBe(before);
    expect(t.bucket.keys().filter((k) => k.startsWith('surveys/'))).toEqual([]);
  });
});
