import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { LIMESURVEY_FIXTURES } from '../helpers/fixtures';

const FIXTURES = LIMESURVEY_FIXTURES;
const t = createSurveyTestApp();
const staff = t.session();
afterAll(() => t.close());
let id = 0;
const api = (path: string) => staff.get(`/portal/api/v2/${path}`).then(async (r) => ({ status: r.status, body: (await r.json()) as { data: any } }));

beforeAll(async () => {
  expect((await staff.login('beheerder@demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
  const form = new FormData();
  form.set('file', new File([readFileSync(FIXTURES + 'ls191_sample_survey_multilingual.lss', 'utf8')], 'ls191.lss'));
  id = ((await (await staff.fetch('/portal/api/v2/survey/import', { method: 'POST', body: form })).json()) as { data: { id: number } }).data.id;
});

describe('survey reads', () => {
  it('lists surveys in the three index-items variants', async () => {
    const own = await api('survey/index-items');
    expect(own.status).toBe(200);
    const mine = own.body.data.find((s: { id: number }) => s.id === id);
    expect(mine).toMatchObject({ displayTitle: expect.stringContaining('Sample LimeSurvey for v1.91'), hasTokens: false, languages: ['en', 'fr', 'de-informal'], editable: true });
    const light = await api('survey/index-items/light');
    expect(Object.keys(light.body.data.find((s: { id: number }) => s.id === id)).sort()).toEqual(['displayTitle', 'hasTokens', 'id', 'languages']);
    expect((await api('survey/index-items/all')).status).toBe(200);
  });

  it('reads the structure by language: survey, groups, questions, answers, subquestions', async () => {
    const en = await api(`survey/${id}`);
    const fr = await api(`survey/${id}/fr`);
    expect(en.body.data.groups).toHaveLength(6);
    expect(fr.body.data.language).toBe('fr');
    expect(fr.body.data.groups[0].name).not.toBe(en.body.data.groups[0].name);
    const groups = await api(`survey/${id}/group/de-informal`);
    expect(groups.body.data).toHaveLength(6);
    const questions = (await api(`survey/${id}/question`)).body.data as { id: number; hasSubquestions: boolean; hasAnswers: boolean; connection: string }[];
    expect(questions).toHaveLength(54);
    expect(questions[0]!.connection).toMatch(/^\d+X\d+X\d+$/);
    const withAnswers = questions.find((q) => q.hasAnswers)!;
    const answers = await api(`survey/${id}/question/${withAnswers.id}/answer/fr`);
    expect(answers.body.data.length).toBeGreaterThan(0);
    expect(answers.body.data[0]).toMatchObject({ qid: withAnswers.id, code: expect.any(String), answer: expect.any(String) });
    const withSubs = questions.find((q) => q.hasSubquestions)!;
    expect((await api(`survey/${id}/question/${withSubs.id}/sub`)).body.data.length).toBeGreaterThan(0);
    expect((await api(`survey/${id}/nl`)).status).toBe(404);
    expect((await api(`survey/${id}/question/999999/answer`)).status).toBe(404);
    expect((await api(`survey/${id}e0/question`)).status).toBe(404);
    expect((await api(`survey/${id}/question/${withAnswers.id}e0/answer`)).status).toBe(404);
  });

  it('keeps accuracy settings and computes the margin of error; gives the link', async () => {
    const bad = await staff.fetch(`/portal/api/v2/survey/${id}/accuracy`, { method: 'PUT', json: { population_size: -5, confidence_level: 80 } });
    expect(bad.status).toBe(422);
    const ok = await staff.fetch(`/portal/api/v2/survey/${id}/accuracy`, { method: 'PUT', json: { population_size: 45000, confidence_level: 95 } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { data: unknown }).data).toMatchObject({ population_size: 45000, confidence_level: 95, margin_of_error: null });
    const admin = await api(`survey/${id}/admin`);
    expect(admin.body.data).toMatchObject({ counts: { groups: 6, questions: 54, tokens: 0, responses: 0 }, accuracy: { population_size: 45000 } });
    const link = await api(`survey/${id}/link`);
    expect(link.body.data.link).toBe(`http://localhost/portal/meedoen/${id}`);
  });

  it('answers 404 for another company and 403 without survey roles', async () => {
    const other = t.session();
    await other.login('beheerder@noordbroek.demo.impulz.nl', 'ImpulZ-demo-2026!');
    expect((await other.get(`/portal/api/v2/survey/${id}`)).status).toBe(404);
    expect((await other.get(`/portal/api/v2/survey/${id}/question`)).status).toBe(404);
    const list = (await (await other.get('/portal/api/v2/survey/index-items/all')).json()) as { data: { id: number }[] };
    expect(list.data.map((s) => s.id)).not.toContain(id);
    const user = t.session();
    await user.login('gebruiker@demo.impulz.nl', 'ImpulZ-demo-2026!');
    expect((await user.get(`/portal/api/v2/survey/${id}`)).status).toBe(403);
  });
});
