import { readdirSync, readFileSync } from 'node:fs';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers, surveyGroups, surveyLanguages, surveyQuestions, surveys } from '../../src/server/db/schema';
import { countLss } from '../helpers/lss-counts';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';

const FIXTURES = LIMESURVEY_FIXTURES;
const t = createSurveyTestApp();
const staff = t.session();
afterAll(() => t.close());
beforeAll(async () => {
  expect((await staff.login('beheerder@demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
});

function upload(path: string, content: string | Uint8Array, name: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new File([content as BlobPart], name));
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return staff.fetch(path, { method: 'POST', body: form });
}

async function surveyCount() {
  return (await t.db.select({ n: count() }).from(surveys))[0]!.n;
}

describe('POST survey/import', () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.lss'));

  it('finds the fixtures', () => expect(files.length).toBeGreaterThanOrEqual(4));

  for (const name of files) {
    it(`imports ${name} with exactly the file's counts in every language`, async () => {
      const xml = readFileSync(FIXTURES + name, 'utf8');
      const expected = countLss(xml);
      const res = await upload('/portal/api/v2/survey/import', xml, name, { project_id: '1' });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { data: { id: number; languages: string[] }; meta: { dutch: string } };
      expect(body.meta.dutch).toBe('Enquête');
      const id = body.data.id;
      const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
      expect(await n(t.db.select({ n: count() }).from(surveyGroups).where(eq(surveyGroups.surveyId, id)))).toBe(expected.groups);
      expect(await n(t.db.select({ n: count() }).from(surveyQuestions).where(and(eq(surveyQuestions.surveyId, id), isNull(surveyQuestions.parentId))))).toBe(expected.questions);
      expect(await n(t.db.select({ n: count() }).from(surveyQuestions).where(and(eq(surveyQuestions.surveyId, id), isNotNull(surveyQuestions.parentId))))).toBe(expected.subquestions);
      const answers = await t.db.select({ labels: surveyAnswers.labels }).from(surveyAnswers).innerJoin(surveyQuestions, eq(surveyQuestions.id, surveyAnswers.questionId)).where(eq(surveyQuestions.surveyId, id));
      expect(answers).toHaveLength(expected.answers);
      for (const [lang, total] of Object.entries(expected.answersPerLanguage)) {
        expect(answers.filter((a) => lang in a.labels).length, `answers in ${lang}`).toBe(total);
      }
      const langs = await t.db.select().from(surveyLanguages).where(eq(surveyLanguages.surveyId, id));
      expect(langs.map((l) => l.language).sort()).toEqual([...body.data.languages].sort());
      // Structure reads in every language
      for (const lang of body.data.languages) {
        const r = await staff.get(`/portal/api/v2/survey/${id}/question/${lang}`);
        expect(r.status).toBe(200);
        expect(((await r.json()) as { data: unknown[] }).data).toHaveLength(expected.questions);
      }
    });
  }

  it('keeps texts, types, subquestion scales and dual-scale answers of the LimeSurvey 5 file', async () => {
    const xml = readFileSync(FIXTURES + 'ls5_sample_survey_multilingual_fr_de_en_it.lss', 'utf8');
    const id = ((await (await upload('/portal/api/v2/survey/import', xml, 'ls5.lss', { confirm_duplicate: '1' })).json()) as { data: { id: number } }).data.id;
    const qs = await t.db.select().from(surveyQuestions).where(eq(surveyQuestions.surveyId, id));
    const ant = qs.find((q) => q.code === 'ANT' && q.parentId === null)!;
    expect(ant.type).toBe(':');
    const antSubs = qs.filter((q) => q.parentId === ant.id);
    expect(antSubs.filter((q) => q.scaleId === 1).map((q) => q.code).sort()).toEqual(['SQX01', 'SQX02', 'SQX03', 'SQX04']);
    const dual = qs.find((q) => q.code === 'dual' && q.parentId === null)!;
    const dualAnswers = await t.db.select().from(surveyAnswers).where(eq(surveyAnswers.questionId, dual.id));
    expect(dualAnswers.filter((a) => a.scaleId === 1).map((a) => a.code).sort()).toEqual(['A21', 'A22', 'A23', 'A24']);
    expect(Object.keys(ant.texts).sort()).toEqual(['de-informal', 'en', 'fr', 'it']);
    const subRes = await staff.get(`/portal/api/v2/survey/${id}/question/${ant.id}/sub/fr`);
    expect(subRes.status).toBe(200);
  });

  const bad: [string, string | Uint8Array, string][] = [
    ['a zip archive (.lsa)', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 0]), 'survey.lsa'],
    ['truncated XML', readFileSync(FIXTURES + 'limesurvey_survey_841748_colors.lss', 'utf8').slice(0, 20_000), 'colors.lss'],
    ['a responses file', readFileSync(FIXTURES + 'survey_841748_responses.lsr', 'utf8'), 'responses.lsr'],
    ['XML without a surveys table', '<?xml version="1.0"?><document><LimeSurveyDocType>Survey</LimeSurveyDocType><groups><fields/><rows><row><gid>1</gid></row></rows></groups></document>', 'x.lss'],
    ['an unknown question type', readFileSync(FIXTURES + 'limesurvey_survey_841748_colors.lss', 'utf8').replace(/<type><!\[CDATA\[L\]\]><\/type>/, '<type><![CDATA[Z]]></type>'), 'colors.lss'],
  ];
  for (const [what, content, name] of bad) {
    it(`refuses ${what} with a Dutch 422 and writes nothing`, async () => {
      const before = await surveyCount();
      const res = await upload('/portal/api/v2/survey/import', content, name);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { message: string; code: string };
      expect(body.code).toBe('VALIDATION');
      expect(body.message).toMatch(/LimeSurvey|\.lss|vraagtype|tabel|archief/);
      expect(await surveyCount()).toBe(before);
    });
  }

  it('refuses a request without a file, and users without survey.edit', async () => {
    expect((await staff.fetch('/portal/api/v2/survey/import', { method: 'POST', body: new FormData() })).status).toBe(422);
    const user = t.session();
    await user.login('gebruiker@demo.impulz.nl', 'ImpulZ-demo-2026!');
    const form = new FormData();
    form.set('file', new File(['<x/>'], 'x.lss'));
    expect((await user.fetch('/portal/api/v2/survey/import', { method: 'POST', body: form })).status).toBe(403);
  });

  it('does not link to a project of another company (404)', async () => {
    const xml = readFileSync(FIXTURES + 'limesurvey_survey_841748_colors.lss', 'utf8');
    const before = await surveyCount();
    expect((await upload('/portal/api/v2/survey/import', xml, 'c.lss', { project_id: '6' })).status).toBe(404);
    expect(await surveyCount()).toBe(before);
  });
});
