import { readFileSync } from 'node:fs';
import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, surveyGroups, surveyQuestions, surveyResponses, surveys, surveyTokens } from '../../src/server/db/schema';
import { colorsArchive } from '../helpers/limesurvey-archive';
import { countLss } from '../helpers/lss-counts';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';

const t = createSurveyTestApp();
const staff = t.session();
afterAll(() => t.close());
beforeAll(async () => {
  expect((await staff.login('beheerder@demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
});

type Job = { id: number; status: string; error?: string; progress: number; result?: { surveyId: number; structure: Record<string, number>; responses: Record<string, number>; tokens: Record<string, number> } };

function upload(content: string | Uint8Array, name: string, extra: Record<string, string> = {}, session = staff) {
  const form = new FormData();
  form.set('file', new File([content as BlobPart], name));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return session.fetch('/portal/api/v2/survey/import', { method: 'POST', body: form });
}
const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
const surveyCount = () => n(t.db.select({ n: count() }).from(surveys));

describe('POST survey/import with a LimeSurvey archive (.lsa)', () => {
  it('imports structure, responses and tokens in one job, with counts matching the files', async () => {
    const res = await upload(colorsArchive({ tokens: 25 }), 'survey_archive_841748.lsa');
    expect(res.status).toBe(202);
    const body = (await res.json()) as { data: Job; alert: string };
    expect(body.alert).toContain('structuur, responsen en tokens');
    const job = ((await (await staff.get(`/portal/api/v2/job/${body.data.id}`)).json()) as { data: Job }).data;
    expect(job.status, job.error).toBe('done');
    expect(job.progress).toBe(100);
    const id = job.result!.surveyId;
    const expected = countLss(readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss', 'utf8'));
    const lsrRows = readFileSync(LIMESURVEY_FIXTURES + 'survey_841748_responses.lsr', 'utf8').match(/<row>/g)!.length;
    expect(job.result!.structure).toMatchObject({ groups: expected.groups, questions: expected.questions, subquestions: expected.subquestions });
    expect(job.result!.responses).toMatchObject({ format: 'lsr', rows: lsrRows, inserted: lsrRows, rejected: 0 });
    // 25 participants, the last without a generated token: it is imported with a new code.
    expect(job.result!.tokens).toEqual({ rows: 25, inserted: 25, updated: 0, unchanged: 0, withoutToken: 1, newCodes: 1 });
    expect(await n(t.db.select({ n: count() }).from(surveyGroups).where(eq(surveyGroups.surveyId, id)))).toBe(expected.groups);
    expect(await n(t.db.select({ n: count() }).from(surveyQuestions).where(and(eq(surveyQuestions.surveyId, id), isNull(surveyQuestions.parentId))))).toBe(expected.questions);
    expect(await n(t.db.select({ n: count() }).from(surveyQuestions).where(and(eq(surveyQuestions.surveyId, id), isNotNull(surveyQuestions.parentId))))).toBe(expected.subquestions);
    expect(await n(t.db.select({ n: count() }).from(surveyResponses).where(eq(surveyResponses.surveyId, id)))).toBe(lsrRows);
    const tokens = await t.db.select().from(surveyTokens).where(eq(surveyTokens.surveyId, id));
    expect(tokens).toHaveLength(25);
    const third = tokens.find((x) => x.token === 'tok000000000003')!;
    expect(third).toMatchObject({ firstname: 'Voornaam3', email: 'p3@example.org', completed: '2024-03-02 12:00', sent: '2024-03-01 10:00', attributes: { attribute_1: 'Noord' }, importKey: null });
    const last = tokens.find((x) => x.email === 'p25@example.org')!;
    expect(last).toMatchObject({ firstname: 'Voornaam25', lastname: 'Achternaam 25', sent: '2024-03-01 10:00', completed: 'N', usesLeft: 1, attributes: { attribute_1: 'Noord' }, importKey: 'tid:25' });
    expect(last.token).toMatch(/^[A-Za-z0-9]{13,35}$/);
    const [survey] = await t.db.select().from(surveys).where(eq(surveys.id, id));
    expect(survey!.ownerId).not.toBeNull();
    expect(survey!.responsesVersion).toBe(1);
    expect(t.bucket.keys().filter((k) => k.startsWith('surveys/'))).toEqual([]);
  });

  it('takes an archive as a response file of the survey: its .lsr is read, nothing twice; no .lsr or a broken zip is refused', async () => {
    // The survey the first test imported from the archive (the newest).
    const [colors] = await t.db.select({ id: surveys.id }).from(surveys).orderBy(desc(surveys.id)).limit(1);
    const lsrRows = readFileSync(LIMESURVEY_FIXTURES + 'survey_841748_responses.lsr', 'utf8').match(/<row>/g)!.length;
    const post = (bytes: Uint8Array) => {
      const form = new FormData();
      form.set('file', new File([bytes as BlobPart], 'survey_archive_841748.lsa'));
      return staff.fetch(`/portal/api/v2/survey/${colors!.id}/response`, { method: 'POST', body: form });
    };
    const res = await post(colorsArchive());
    expect(res.status).toBe(202);
    const job = ((await (await staff.get(`/portal/api/v2/job/${((await res.json()) as { data: Job }).data.id}`)).json()) as { data: Job & { result: Record<string, unknown> } }).data;
    expect(job.status, job.error).toBe('done');
    expect(job.result).toMatchObject({ format: 'lsr', rows: lsrRows, inserted: 0, rejected: 0 });
    for (const [bytes, message] of [[colorsArchive({ responses: null }), /bevat geen responsen \(\.lsr\)/], [colorsArchive().slice(0, 300), /beschadigd/]] as const) {
      const bad = await post(bytes);
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as { message: string }).message).toMatch(message);
    }
  });

  it('asks before importing a structure identical to one the company has; confirmed, it imports', async () => {
    const before = await surveyCount();
    const again = await upload(colorsArchive(), 'copy.lsa');
    expect(again.status).toBe(409);
    const body = (await again.json()) as { message: string; errors: { duplicate_of: string[] } };
    expect(body.message).toMatch(/^Deze organisatie heeft al een onderzoek met precies dezelfde structuur: .+ \(841748\)\./);
    expect(body.errors.duplicate_of).toHaveLength(1);
    const plain = await upload(readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss'), 'colors.lss');
    expect(plain.status).toBe(409);
    expect(await surveyCount()).toBe(before);
    expect((await upload(readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss'), 'colors.lss', { confirm_duplicate: '1' })).status).toBe(201);
    // Another company has no such survey: no question there.
    const other = t.session();
    expect((await other.login('beheerder@noordbroek.demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
    expect((await upload(readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss'), 'colors.lss', {}, other)).status).toBe(201);
  });

  it('refuses a broken archive, one without a structure and one whose responses belong elsewhere, storing nothing', async () => {
    const before = await surveyCount();
    const jobsBefore = await n(t.db.select({ n: count() }).from(jobs));
    const broken = colorsArchive().slice(0, 300);
    const cases: [Uint8Array, RegExp][] = [
      [broken, /archief/],
      [(await import('fflate')).zipSync({ 'readme.txt': new TextEncoder().encode('x') }), /geen enquêtestructuur \(\.lss\); wel: readme\.txt/],
      [colorsArchive({ responses: readFileSync(LIMESURVEY_FIXTURES + 'survey_841748_responses.lsr', 'utf8').replace(/841748X3X3SQ001/g, '1X1X1SQ001') }), /1X1X1SQ001/],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(bytes, 'x.lsa', { confirm_duplicate: '1' });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    expect(await surveyCount()).toBe(before);
    expect(await n(t.db.select({ n: count() }).from(jobs))).toBe(jobsBefore);
  });

  it('takes an archive of a survey without responses (no .lsr) as structure only', async () => {
    const res = await upload(colorsArchive({ responses: null }), 'leeg.lsa', { confirm_duplicate: '1' });
    const job = ((await (await staff.get(`/portal/api/v2/job/${((await res.json()) as { data: Job }).data.id}`)).json()) as { data: Job }).data;
    expect(job.status, job.error).toBe('done');
    expect(job.result!.responses).toMatchObject({ rows: 0, inserted: 0 });
    expect(job.result!.tokens).toMatchObject({ rows: 0 });
  });

  it('lets a root user choose the company; others import into their own', async () => {
    const admin = t.session();
    const { loginAs } = await import('../helpers/accounts');
    await loginAs(admin, 'admin@demo.impulz.nl');
    const res = await upload(readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss'), 'c.lss', { company_id: '3', confirm_duplicate: '1' }, admin);
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { id: number } }).data.id;
    expect((await t.db.select().from(surveys).where(eq(surveys.id, id)))[0]!.companyId).toBe(3);
    expect((await upload(readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss'), 'c.lss', { company_id: '999', confirm_duplicate: '1' }, admin)).status).toBe(404);
    const own = await upload(readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss'), 'c.lss', { company_id: '3', confirm_duplicate: '1' });
    expect((await t.db.select().from(surveys).where(eq(surveys.id, ((await own.json()) as { data: { id: number } }).data.id)))[0]!.companyId).toBe(1);
  });
});
