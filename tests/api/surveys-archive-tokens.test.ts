import { readFileSync } from 'node:fs';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, surveyResponses, surveys, surveyTokens } from '../../src/server/db/schema';
import { importTokenStream } from '../../src/server/services/surveys/archive/import-tokens';
import { codeLength, randomTokens } from '../../src/server/services/surveys/token-job';
import { surveysNl } from '../../src/shared/i18n/surveys';
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

/** A fresh copy of the colors survey (the archive's structure) to import participants into. */
async function importColors(): Promise<number> {
  const form = new FormData();
  form.set('file', new File([readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss')], 'colors.lss'));
  form.set('confirm_duplicate', '1');
  const res = await staff.fetch('/portal/api/v2/survey/import', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}
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
  surveyId = await importColors();
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
    expect(job.result.tokens).toEqual({ rows: 10, inserted: 5, updated: 3, unchanged: 2, withoutToken: 1, newCodes: 1 });
    const rows = await tokenRows();
    expect(rows.size).toBe(10);
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
    expect(job.result.tokens).toEqual({ rows: 10, inserted: 0, updated: 0, unchanged: 10, withoutToken: 1, newCodes: 0 });
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

describe('participants LimeSurvey had not given a token yet', () => {
  /** Eight participants; 5, 7 and 8 without a token, 5 with validity dates, uses and a language of its own. */
  const lst = (change?: (n: number, v: Record<string, string | null>) => void) =>
    lstFile(8, 841748, (n, v) => {
      if (n === 5 || n === 7) v.token = '';
      if (n === 5) Object.assign(v, { validfrom: '2026-01-01 00:00:00', validuntil: '2026-12-31 23:59:00', usesleft: '3', language: 'nl' });
      if (n === 7) Object.assign(v, { firstname: 'Émile', lastname: 'de Vries', email: 'E.deVries@Example.org', attribute_1: 'Oost' });
      change?.(n, v);
    });
  const upload = (file: string) => runUpload(colorsArchive({ responses: LSR, lst: file }));
  const issued = async () => (await t.db.select().from(surveyTokens).where(and(eq(surveyTokens.surveyId, surveyId), isNotNull(surveyTokens.importKey)))).sort((a, b) => a.id - b.id);
  const lastAudit = async () => (await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'tokens.import'), eq(auditLog.resourceId, surveyId))).orderBy(desc(auditLog.id)))[0]!;
  let length: number;

  beforeAll(async () => {
    surveyId = await importColors();
    length = codeLength((await t.db.select({ n: surveys.tokenLength }).from(surveys).where(eq(surveys.id, surveyId)))[0]!.n);
  });

  it('imports them with a fresh unique code each, keeping their data, and says how many', async () => {
    const job = await upload(lst());
    expect(job.status, job.error).toBe('done');
    expect(job.result.tokens).toEqual({ rows: 8, inserted: 8, updated: 0, unchanged: 0, withoutToken: 3, newCodes: 3 });
    const rows = await tokenRows();
    expect(rows.size).toBe(8);
    const fresh = await issued();
    expect(fresh.map((r) => r.importKey)).toEqual(['tid:5', 'tid:7', 'tid:8']);
    for (const r of fresh) expect(r.token).toMatch(new RegExp(`^[A-Za-z0-9]{${length}}$`));
    expect(new Set(fresh.map((r) => r.token)).size).toBe(3);
    expect(fresh[0]).toMatchObject({ firstname: 'Voornaam5', lastname: 'Achternaam 5', email: 'p5@example.org', language: 'nl', validFrom: '2026-01-01 00:00:00', validUntil: '2026-12-31 23:59:00', usesLeft: 3, sent: '2024-03-01 10:00', completed: 'N', attributes: { attribute_1: 'Noord' } });
    expect(fresh[1]).toMatchObject({ firstname: 'Émile', lastname: 'de Vries', email: 'E.deVries@Example.org', attributes: { attribute_1: 'Oost' } });
    // The ones LimeSurvey gave a token keep it and carry no key.
    expect(rows.get(tok(6))).toMatchObject({ importKey: null, firstname: 'Voornaam6' });
    const tokens = job.result.tokens!;
    expect(surveysNl.edit.tokensReport(tokens.inserted!, tokens.updated!, tokens.unchanged!, tokens.newCodes)).toBe(
      'Tokens uit het archief: 8 nieuw, 0 bijgewerkt (uitnodiging, herinnering, afmelding of voltooiing), 0 ongewijzigd. 3 deelnemers zonder code kregen een nieuwe code.',
    );
    // The import's audit row (same batch as its last rows) counts them.
    expect((await lastAudit()).summary).toMatch(/: 8 gelezen, 5 met code, 3 zonder code; nieuwe codes uitgegeven: 3$/);
  });

  it('finds them again when the archive comes again: no new rows, no new codes; an opt-out reaches the same code', async () => {
    const before = await tokenRows();
    const again = await upload(lst());
    expect(again.status, again.error).toBe('done');
    expect(again.result.tokens).toEqual({ rows: 8, inserted: 0, updated: 0, unchanged: 8, withoutToken: 3, newCodes: 0 });
    expect(await tokenRows()).toEqual(before);
    expect((await lastAudit()).summary).toMatch(/nieuwe codes uitgegeven: 0$/);
    // Participant 7 opted out in LimeSurvey since: merged by the rule for known tokens, under the code it has.
    const optedOut = await upload(lst((n, v) => void (n === 7 && (v.blacklisted = 'Y'))));
    expect(optedOut.result.tokens).toEqual({ rows: 8, inserted: 0, updated: 1, unchanged: 7, withoutToken: 3, newCodes: 0 });
    const seven = (await issued()).find((r) => r.importKey === 'tid:7')!;
    expect(seven.token).toBe([...before.values()].find((r) => r.importKey === 'tid:7')!.token);
    expect(seven.blacklisted).toBe('Y');
    expect((await tokenRows()).size).toBe(8);
  });

  it('does not bring back a participant erased on request (AVG art. 17) when the archive comes again', async () => {
    const eight = (await issued()).find((r) => r.importKey === 'tid:8')!;
    const erased = await staff.fetch(`/portal/api/v2/survey/${surveyId}/token/${eight.id}/erase`, { method: 'POST' });
    expect(erased.status).toBe(200);
    const again = await upload(lst());
    expect(again.result.tokens).toMatchObject({ inserted: 0, newCodes: 0 });
    const rows = [...(await tokenRows()).values()];
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.email === 'p8@example.org')).toEqual([]);
  });

  it('matches a file without tids by e-mail address and names, normalised; identical rows stay two participants', async () => {
    const noTids = (change?: (n: number, v: Record<string, string | null>) => void) =>
      lstFile(3, 841748, (n, v) => {
        Object.assign(v, { token: '', firstname: n < 3 ? 'Jan' : 'Anna', lastname: 'Jansen', email: n < 3 ? 'jan@example.org' : 'anna@example.org' });
        change?.(n, v);
      })
        .replace('<fieldname>tid</fieldname>', '')
        .replace(/<tid>.*?<\/tid>/g, '');
    const first = await upload(noTids());
    expect(first.result.tokens).toMatchObject({ rows: 3, inserted: 3, withoutToken: 3, newCodes: 3 });
    const keys = (await issued()).map((r) => r.importKey!).filter((k) => k.startsWith('who:'));
    expect(keys).toHaveLength(3);
    for (const k of keys) expect(k).toMatch(/^who:[0-9a-f]{64}#[12]$/);
    expect(keys.filter((k) => k.endsWith('#2'))).toHaveLength(1);
    // The same people, written differently (case, spaces): found, nothing new.
    const again = await upload(noTids((n, v) => void (n === 3 && Object.assign(v, { firstname: ' ANNA ', lastname: 'jansen', email: 'Anna@Example.org ' }))));
    expect(again.result.tokens).toMatchObject({ rows: 3, inserted: 0, newCodes: 0, unchanged: 3 });
    expect((await tokenRows()).size).toBe(11);
  });

  it('replaces a new code that the survey has already, writing the import once', async () => {
    let calls = 0;
    const colliding = (n: number, len: number) => {
      calls++;
      expect(len).toBe(length);
      const codes = randomTokens(n, len);
      if (calls === 1) codes[1] = tok(1);
      return codes;
    };
    const file = lstFile(2, 841748, (n, v) => Object.assign(v, { tid: String(100 + n), token: '' }));
    const audits = async () => (await t.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, 'tokens.import'), eq(auditLog.resourceId, surveyId))))[0]!.n;
    const auditsBefore = await audits();
    const result = await importTokenStream({ db: t.db, now: () => new Date() } as never, surveyId, new Blob([file]).stream(), { userId: null, source: 'botsing' }, colliding);
    expect(calls).toBe(2);
    expect(result).toEqual({ rows: 2, inserted: 2, updated: 0, unchanged: 0, withoutToken: 2, newCodes: 2 });
    const rows = [...(await tokenRows()).values()];
    expect(rows.filter((r) => r.token === tok(1))).toHaveLength(1);
    expect(rows.filter((r) => r.importKey === 'tid:101' || r.importKey === 'tid:102')).toHaveLength(2);
    expect(await audits()).toBe(auditsBefore + 1);
    expect((await lastAudit()).summary).toMatch(/\(botsing\).*nieuwe codes uitgegeven: 2$/);
  });
});
