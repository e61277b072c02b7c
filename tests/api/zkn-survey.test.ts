import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { healthcareCompanies, jobs, ratingJobs, surveyGroups, surveyQuestions, surveyResponses, surveys } from '../../src/server/db/schema';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';

const t = createSurveyTestApp();
afterAll(() => t.close());

let linde: HttpSession;
let noordbroek: HttpSession;
let gebruiker: HttpSession;
let surveyId: number;
let foreignSurveyId: number;

type Body = { data: any; message?: string; errors?: Record<string, string[]> };
const json = async (res: Response) => (await res.json()) as Body;

// The ratings of the hand-computed CSV example in zkn.test.ts: A 8, 9, 10; B 7 × 6; C 10, 10.
const RATINGS: { agb: string; date: string; score: number; afspraak: number | null; bejegening: number | null; luisteren: number | null; rec: 'ja' | 'nee' }[] = [
  ...[8, 9, 10].map((s) => ({ agb: '01034567', date: `2026-05-0${s - 7}`, score: s, afspraak: s, bejegening: null, luisteren: null, rec: 'ja' as const })),
  ...[1, 2, 3, 4, 5, 6].map((i) => ({ agb: '01034568', date: `2026-06-0${i}`, score: 7, afspraak: 6, bejegening: 7, luisteren: 8, rec: 'nee' as const })),
  ...[1, 2].map((i) => ({ agb: '01034569', date: `2026-07-0${i}`, score: 10, afspraak: null, bejegening: null, luisteren: null, rec: 'ja' as const })),
];

/** A small survey of `companyId`: AGB (short text), date, overall score (number), aspects (10-point array), recommend (yes/no). */
async function buildSurvey(companyId: number, title: string) {
  const [s] = await t.db.insert(surveys).values({ companyId, title, baseLanguage: 'nl' }).returning({ id: surveys.id });
  const [g] = await t.db.insert(surveyGroups).values({ surveyId: s!.id, names: { nl: 'Beoordeling' } }).returning({ id: surveyGroups.id });
  const q = async (type: string, code: string, text: string, sortOrder: number, parentId: number | null = null) =>
    (await t.db.insert(surveyQuestions).values({ surveyId: s!.id, groupId: g!.id, parentId, type, code, sortOrder, texts: { nl: text } }).returning({ id: surveyQuestions.id }))[0]!.id;
  await q('S', 'AGB', 'AGB-code van uw zorgverlener', 1);
  await q('D', 'DATUM', 'Datum van het bezoek', 2);
  await q('N', 'CIJFER', 'Welk cijfer geeft u?', 3);
  const asp = await q('B', 'ASP', 'Hoe beoordeelt u', 4);
  for (const [i, a] of ['afspraak', 'bejegening', 'luisteren'].entries()) await q('B', a, a, i, asp);
  await q('Y', 'AANBEVELEN', 'Zou u ons aanbevelen?', 5);
  await q('T', 'TOELICHTING', 'Toelichting', 6);
  const answers = RATINGS.map((r) => {
    const a: Record<string, string> = { AGB: r.agb, DATUM: `${r.date} 00:00:00`, CIJFER: `${r.score}.0000000000`, AANBEVELEN: r.rec === 'ja' ? 'Y' : 'N' };
    for (const k of ['afspraak', 'bejegening', 'luisteren'] as const) a[`ASP_${k}`] = r[k] === null ? '' : String(r[k]);
    return a;
  });
  // Not counted: an unfinished response, one with an unknown AGB code and one without a score.
  const rows = [
    ...answers.map((a, i) => ({ surveyId: s!.id, externalKey: `id:${i + 1}`, responseId: i + 1, submitDate: '2026-08-01 10:00:00', answers: JSON.stringify(a) })),
    { surveyId: s!.id, externalKey: 'id:100', responseId: 100, submitDate: null, answers: JSON.stringify({ AGB: '01034567', CIJFER: '1' }) },
    { surveyId: s!.id, externalKey: 'id:101', responseId: 101, submitDate: '2026-08-01 10:00:00', answers: JSON.stringify({ AGB: '99999999', CIJFER: '1' }) },
    { surveyId: s!.id, externalKey: 'id:102', responseId: 102, submitDate: '2026-08-01 10:00:00', answers: JSON.stringify({ AGB: '01034567', CIJFER: '' }) },
  ];
  await t.db.insert(surveyResponses).values(rows);
  return s!.id;
}

const MAPPING = { agb_code: 'AGB', datum: 'DATUM', cijfer: 'CIJFER', afspraak: 'ASP_afspraak', bejegening: 'ASP_bejegening', luisteren: 'ASP_luisteren', aanbevelen: 'AANBEVELEN' };
const post = (s: HttpSession, body: unknown) => s.fetch('/portal/api/v2/ratingJob', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  linde = await loginAs(t.session(), 'gebruiker@delinde.demo.impulz.nl');
  noordbroek = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
  gebruiker = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  const [p] = await t.db.select({ companyId: healthcareCompanies.companyId }).from(healthcareCompanies).where(eq(healthcareCompanies.agbCode, '01034567'));
  surveyId = await buildSurvey(p!.companyId, 'Cliëntervaring 2026');
  foreignSurveyId = await buildSurvey(1, 'Enquête van een andere organisatie');
}, 30_000);

const strip = (results: any[]) => results.map(({ provider, ...r }) => ({ agb: provider.agb_code, ...r }));

describe('rating job from a survey of the portal', () => {
  it('offers the own organisation’s surveys with the questions each field may take', async () => {
    const res = await linde.get('/portal/api/v2/ratingJob/surveys');
    expect(res.status).toBe(200);
    const { data } = await json(res);
    // The test's survey and the demo seed's 'Cliëntervaring De Linde 2026'; not the other organisation's.
    expect(data.map((s: { title: string }) => s.title).sort()).toEqual(['Cliëntervaring 2026', 'Cliëntervaring De Linde 2026']);
    const mine = data.find((s: { id: number }) => s.id === surveyId);
    const by = (key: string) => mine.columns.find((c: { key: string }) => c.key === key);
    expect(by('AGB').fields).toContain('agb_code');
    expect(by('DATUM').fields).toEqual(['datum']);
    expect(by('CIJFER').fields).toEqual(expect.arrayContaining(['cijfer', 'afspraak']));
    expect(by('ASP_afspraak').label).toBe('ASP_afspraak — afspraak — Hoe beoordeelt u');
    expect(by('AANBEVELEN').fields).toEqual(['aanbevelen']);
    expect((await gebruiker.get('/portal/api/v2/ratingJob/surveys')).status).toBe(403);
  });

  it('ranks exactly as the CSV path does for the same ratings; small providers stay without numbers', async () => {
    const lines = ['agb_code;datum;cijfer;afspraak;bejegening;luisteren;informatie;behandeling;aanbevelen'];
    for (const r of RATINGS) lines.push([r.agb, r.date, r.score, r.afspraak ?? '', r.bejegening ?? '', r.luisteren ?? '', '', '', r.rec].join(';'));
    const form = new FormData();
    form.set('file', new File([lines.join('\n')], 'beoordelingen.csv', { type: 'text/csv' }));
    form.set('name', 'Uit bestand');
    form.set('min_n', '3');
    const fromCsv = await json(await linde.fetch('/portal/api/v2/ratingJob', { method: 'POST', body: form }));

    const res = await post(linde, { name: 'Uit enquête', min_n: 3, survey_id: surveyId, mapping: MAPPING });
    expect(res.status).toBe(202);
    const fromSurvey = await json(res);
    const csvJob = (await json(await linde.get(`/portal/api/v2/ratingJob/${fromCsv.data.id}`))).data;
    const surveyJob = (await json(await linde.get(`/portal/api/v2/ratingJob/${fromSurvey.data.id}`))).data;
    expect(surveyJob).toMatchObject({ status: 'done', file_name: 'Enquête: Cliëntervaring 2026', rating_count: 9, provider_count: csvJob.provider_count });
    expect(strip(surveyJob.results)).toEqual(strip(csvJob.results));
    expect(surveyJob.distribution).toEqual(csvJob.distribution);
    const a = surveyJob.results.find((r: any) => r.provider.agb_code === '01034567');
    expect(a.bayes).toBeCloseTo(50 / 6, 10);
    const c = surveyJob.results.find((r: any) => r.provider.agb_code === '01034569');
    expect(c).toMatchObject({ ranked: false, n: null, overall: null, aspects: null, recommend: null, distribution: null });
  });

  it('answers 404 for an unknown or another organisation’s survey', async () => {
    const before = Number((await t.db.select({ n: sql<number>`count(*)` }).from(ratingJobs))[0]!.n);
    expect((await post(linde, { name: 'x', survey_id: 999999, mapping: MAPPING })).status).toBe(404);
    expect((await post(linde, { name: 'x', survey_id: foreignSurveyId, mapping: MAPPING })).status).toBe(404);
    // Noordbroek has zkn.create, but the survey is De Linde's.
    expect((await post(noordbroek, { name: 'x', survey_id: surveyId, mapping: MAPPING })).status).toBe(404);
    expect((await post(gebruiker, { name: 'x', survey_id: surveyId, mapping: MAPPING })).status).toBe(403);
    expect(Number((await t.db.select({ n: sql<number>`count(*)` }).from(ratingJobs))[0]!.n)).toBe(before);
  });

  it('refuses a missing, unknown or unfitting question with a Dutch 422 naming the field', async () => {
    const queue = Number((await t.db.select({ n: sql<number>`count(*)` }).from(jobs))[0]!.n);
    const missing = await post(linde, { name: 'x', survey_id: surveyId, mapping: { agb_code: 'AGB' } });
    expect(missing.status).toBe(422);
    expect((await json(missing)).errors!['mapping.cijfer']).toEqual(['Kies de vraag met het cijfer.']);
    const unknown = await post(linde, { name: 'x', survey_id: surveyId, mapping: { ...MAPPING, afspraak: 'BESTAATNIET' } });
    expect(unknown.status).toBe(422);
    expect((await json(unknown)).errors).toEqual({ 'mapping.afspraak': ["De vraag 'BESTAATNIET' bestaat niet in deze enquête."] });
    const wrong = await post(linde, { name: 'x', survey_id: surveyId, mapping: { ...MAPPING, cijfer: 'TOELICHTING', aanbevelen: 'CIJFER' } });
    expect(wrong.status).toBe(422);
    const body = await json(wrong);
    expect(body.errors!['mapping.cijfer']).toEqual(["De vraag 'TOELICHTING' past niet bij Cijfer (1–10): kies een getalvraag of een keuzevraag met de codes 1 tot en met 10."]);
    expect(body.errors!['mapping.aanbevelen']).toEqual(["De vraag 'CIJFER' past niet bij Aanbevelen (ja/nee): kies een ja/nee-vraag."]);
    const noSurvey = await post(linde, { name: 'x', mapping: MAPPING });
    expect((await json(noSurvey)).errors!.survey_id).toEqual(['Kies een enquête van uw organisatie.']);
    expect(Number((await t.db.select({ n: sql<number>`count(*)` }).from(jobs))[0]!.n)).toBe(queue);
  });
});
