import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indicatorNoticeDismissals, indicatorNotices, indicators, mailOutbox, surveys, users, weightingSchemes } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/mail/mailer';
import { evaluateIndicators } from '../../src/server/services/indicators/evaluate-indicators';
import { listNotices } from '../../src/server/services/indicators/list-notices';
import { directSession } from '../helpers/direct-session';
import type { HttpSession } from '../helpers/http-session';
import { serviceContextFor } from '../helpers/service-context';
import { createSurveyTestApp } from '../helpers/survey-test-app';

const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';

interface Envelope<T> { data: T; meta?: { dutch: string }; alert?: string; errors?: Record<string, string[]>; message?: string }
interface Indicator {
  id: number; project_id: number; title: string; metric: string; state: string; state_text: string; last_value: number | null; last_value_text: string | null;
  last_reason: string | null; last_fired_at: string | null; description: string; question: string | null; answer: string | null; filter_option_ids: number[];
  weighting_id: number | null;
}

let beheerder: HttpSession;
let gebruiker: HttpSession;
let other: HttpSession;
let surveyId = 0;
const send = (s: HttpSession, method: string, path: string, body: unknown = {}) => s.fetch(`${API}${path}`, { method, json: body });
const json = async <T>(res: Response) => (await res.json()) as Envelope<T>;

beforeAll(async () => {
  beheerder = await directSession(t, 'beheerder@demo.impulz.nl');
  gebruiker = await directSession(t, 'gebruiker@demo.impulz.nl');
  other = await directSession(t, 'beheerder@noordbroek.demo.impulz.nl');
  surveyId = (await t.db.select({ id: surveys.id }).from(surveys).where(eq(surveys.lsSid, 474747)))[0]!.id;
});

describe('the seeded indicators', () => {
  it('carry values from the engine, and the suppressed one says why and never fired', async () => {
    const res = await gebruiker.get(`${API}/project/1/indicator`);
    expect(res.status).toBe(200);
    const body = await json<Indicator[]>(res);
    expect(body.meta).toEqual({ dutch: 'Indicator' });
    const byTitle = new Map(body.data.map((i) => [i.title, i]));
    // 2,790 of the demo's 3,000 responses are completed: only those count (include_incomplete is a report setting).
    expect(byTitle.get('Respons burgerpeiling')).toMatchObject({ state: 'met', last_value: 2790, last_value_text: '2.790', description: 'Aantal respondenten groter dan of gelijk aan 2.500' });
    expect(byTitle.get('Respons burgerpeiling')!.last_fired_at).not.toBeNull();
    const small = byTitle.get('Respons Haven 65+ deze week')!;
    expect(small).toMatchObject({ state: 'suppressed', last_value: null, last_fired_at: null, filter_option_ids: [4, 106] });
    expect(small.last_reason).toContain('Te weinig respondenten (minder dan 10)');
    expect(byTitle.get('Zeer tevreden over de dienstverlening')).toMatchObject({ question: 'Hoe tevreden bent u over de dienstverlening van de gemeente?', answer: 'Zeer tevreden' });
    for (const i of body.data.filter((x) => x.state !== 'suppressed')) expect(typeof i.last_value).toBe('number');
    expect((await json<Indicator>(await gebruiker.get(`${API}/indicator/1`))).data.id).toBe(1);
  });

  it('answers 404 to another company and 403 to writes without notification roles', async () => {
    expect((await other.get(`${API}/project/1/indicator`)).status).toBe(404);
    expect((await other.get(`${API}/indicator/1`)).status).toBe(404);
    expect((await send(other, 'PUT', '/indicator/1', { title: 'x' })).status).toBe(404);
    expect((await send(other, 'DELETE', '/indicator/1')).status).toBe(404);
    expect((await send(gebruiker, 'PUT', '/indicator/1', { title: 'x' })).status).toBe(403);
    expect((await send(gebruiker, 'POST', '/indicator', {})).status).toBe(403);
    expect((await send(other, 'POST', '/indicator', { project_id: 1, survey_id: surveyId, title: 'x', metric: 'responses', comparator: 'greater', threshold: 1 })).status).toBe(404);
  });
});

describe('the group filter (issue 35 item 7)', () => {
  type Grouped = Indicator & { group_id: number | null; group: string | null };
  it('names each indicator\'s question group and filters by it; the response counts are group "none"', async () => {
    const all = (await json<Grouped[]>(await gebruiker.get(`${API}/project/1/indicator`))).data;
    const seeded = all.filter((i) => i.id <= 5);
    expect(seeded.filter((i) => i.metric === 'responses').every((i) => i.group_id === null && i.group === null)).toBe(true);
    const withQuestion = seeded.filter((i) => i.metric !== 'responses');
    expect(withQuestion.length).toBe(3);
    for (const i of withQuestion) expect(i.group_id).toBeTypeOf('number'), expect(i.group).toBeTruthy();
    const first = withQuestion[0]!;
    const one = (await json<Grouped[]>(await gebruiker.get(`${API}/project/1/indicator?group=${first.group_id}`))).data;
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((i) => i.group_id === first.group_id)).toBe(true);
    expect(one.map((i) => i.id)).toContain(first.id);
    const none = (await json<Grouped[]>(await gebruiker.get(`${API}/project/1/indicator?group=none`))).data;
    expect(none.map((i) => i.title)).toEqual(expect.arrayContaining(['Respons burgerpeiling', 'Respons Haven 65+ deze week']));
    expect(none.every((i) => i.group_id === null)).toBe(true);
    // An empty value is no filter; a group no indicator uses is an empty list.
    expect((await json<Grouped[]>(await gebruiker.get(`${API}/project/1/indicator?group=`))).data.length).toBe(all.length);
    expect((await json<Grouped[]>(await gebruiker.get(`${API}/project/1/indicator?group=999999`))).data).toEqual([]);
  });

  it('refuses a group that is no number or "none" with a Dutch 422, and another company\'s project with 404', async () => {
    for (const bad of ['abc', '-1', '0', '1.5']) {
      const res = await gebruiker.get(`${API}/project/1/indicator?group=${bad}`);
      expect(res.status).toBe(422);
      expect((await json<unknown>(res)).errors?.group?.[0]).toBe('Kies een groep uit de lijst (een groepsnummer of "none").');
    }
    expect((await other.get(`${API}/project/1/indicator?group=none`)).status).toBe(404);
  });
});

describe('closing a front-page notice (issue 35 item 7)', () => {
  it('hides the notice for that user only, for good; twice is once; someone else\'s project is 404', async () => {
    const idOf = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const [gebruikerId, beheerderId] = [await idOf('gebruiker@demo.impulz.nl'), await idOf('beheerder@demo.impulz.nl')];
    const seen = await listNotices(await serviceContextFor(t.db, gebruikerId));
    const notice = seen.find((n) => n.title === 'Respons burgerpeiling')!;
    expect(notice).toBeDefined();
    const res = await send(gebruiker, 'POST', `/notice/${notice.id}/dismiss`);
    expect(res.status).toBe(200);
    expect(await json<{ id: number }>(res)).toMatchObject({ data: { id: notice.id }, alert: 'Melding is gesloten', meta: { dutch: 'Melding' } });
    expect((await listNotices(await serviceContextFor(t.db, gebruikerId))).map((n) => n.id)).not.toContain(notice.id);
    expect((await listNotices(await serviceContextFor(t.db, gebruikerId), { projectId: 1 })).map((n) => n.id)).not.toContain(notice.id);
    // Only the user's own list: the Beheerder still sees it.
    expect((await listNotices(await serviceContextFor(t.db, beheerderId))).map((n) => n.id)).toContain(notice.id);
    expect((await send(gebruiker, 'POST', `/notice/${notice.id}/dismiss`)).status).toBe(200);
    expect((await t.db.select().from(indicatorNoticeDismissals).where(eq(indicatorNoticeDismissals.noticeId, notice.id))).map((d) => d.userId)).toEqual([gebruikerId]);
    // Another organisation's notice, an unknown id and no id at all name nothing; without login 401.
    expect((await send(other, 'POST', `/notice/${notice.id}/dismiss`)).status).toBe(404);
    expect((await send(gebruiker, 'POST', '/notice/999999/dismiss')).status).toBe(404);
    expect((await send(gebruiker, 'POST', '/notice/abc/dismiss')).status).toBe(404);
    expect((await t.session().fetch(`${API}/notice/${notice.id}/dismiss`, { method: 'POST', json: {} })).status).toBe(401);
  });
});

describe('POST, PUT and DELETE indicator', () => {
  it('validates in Dutch: required fields, the question, the answer, filters of the project', async () => {
    const empty = await json(await send(beheerder, 'POST', '/indicator', {}));
    expect(empty.errors).toMatchObject({
      title: ['Dit veld mag niet leeg zijn'],
      metric: ['Kies wat de indicator meet'],
      comparator: ['Kies een vergelijking'],
      threshold: ['Vul een getal in'],
    });
    const base = { project_id: 1, survey_id: surveyId, title: 'Test', comparator: 'greater', threshold: 10 };
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, metric: 'mean' }))).errors).toEqual({ column_key: ['Dit veld mag niet leeg zijn'] });
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, metric: 'mean', column_key: 'bestaatniet' }))).errors).toEqual({ column_key: ["De vraag of kolom 'bestaatniet' bestaat niet in dit onderzoek."] });
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, metric: 'topBox', column_key: 'verbeterpunt' }))).errors).toEqual({ column_key: ['Deze vraag past niet bij wat de indicator meet.'] });
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, metric: 'percentage', column_key: 'tevredengemeente', answer_code: '9' }))).errors).toEqual({ answer_code: ["Het antwoord '9' hoort niet bij deze vraag."] });
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, metric: 'responses', filter_option_ids: [101, 99999] }))).errors).toEqual({ filter_option_ids: ['Filteroptie 99999 hoort niet bij dit project en onderzoek.'] });
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, project_id: 4, metric: 'responses' }))).errors).toEqual({ survey_id: ['Dit onderzoek hoort niet bij dit project.'] });
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, metric: 'responses', start_date: '2027-01-01', end_date: '2026-01-01' }))).errors).toEqual({ end_date: ['De einddatum ligt voor de begindatum'] });
    // The bound's own message for each side (a too-low threshold isn't 'the maximum value').
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, metric: 'responses', threshold: -2_000_000 }))).errors).toEqual({ threshold: ['De minimale waarde van dit veld is -1.000.000'] });
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, metric: 'responses', threshold: 2_000_000 }))).errors).toEqual({ threshold: ['De maximale waarde van dit veld is 1.000.000'] });
  });

  it('creates an indicator that is reached at once: it fires, with a notice and a mail per member', async () => {
    const before = (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const res = await send(beheerder, 'POST', '/indicator', { project_id: 2, survey_id: surveyId, title: 'Wijk Centrum respons', metric: 'responses', comparator: 'greater', threshold: 100 });
    expect(res.status).toBe(201);
    const body = await json<Indicator>(res);
    expect(body).toMatchObject({ alert: 'Indicator is aangemaakt', data: { state: 'met', last_value: 2790 } });
    const mails = await t.db.select().from(mailOutbox).where(like(mailOutbox.subject, "%'Wijk Centrum respons'%"));
    // Project 2 has two members (Bram Jansen, Carla Bakker).
    expect(mails.map((m) => m.to).sort()).toEqual(['beheerder@demo.impulz.nl', 'gebruiker@demo.impulz.nl']);
    expect(mails[0]!.text).toContain('Aantal respondenten groter dan 100; de waarde is nu 2.790.');
    expect((await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length).toBe(before + 2);
    const notices = await listNotices(await serviceContextFor(t.db, 3));
    expect(notices.map((n) => n.title)).toContain('Wijk Centrum respons');
    // Evaluating again does not fire again: it fires when it crosses.
    const again = await evaluateIndicators({ db: t.db, mailer: createMailer(t.db, { mailFrom: 'x@impulz.nl' }), now: new Date() }, { indicatorIds: [body.data.id] });
    expect(again).toEqual([{ id: body.data.id, state: 'met', value: 2790, fired: false }]);
  });

  it('updates: a new threshold starts afresh and may fire again; a title alone does not', async () => {
    const made = (await json<Indicator>(await send(beheerder, 'POST', '/indicator', { project_id: 1, survey_id: surveyId, title: 'Drempel', metric: 'responses', comparator: 'greater', threshold: 5000 }))).data;
    expect(made.state).toBe('notMet');
    const renamed = await json<Indicator>(await send(beheerder, 'PUT', `/indicator/${made.id}`, { title: 'Drempel 2' }));
    expect(renamed).toMatchObject({ alert: 'Indicator is opgeslagen', data: { title: 'Drempel 2', state: 'notMet' } });
    const lowered = (await json<Indicator>(await send(beheerder, 'PUT', `/indicator/${made.id}`, { threshold: 1000 }))).data;
    expect(lowered.state).toBe('met');
    const notices = await t.db.select().from(indicatorNotices).where(eq(indicatorNotices.indicatorId, made.id));
    expect(notices).toHaveLength(1);
    const bad = await json(await send(beheerder, 'PUT', `/indicator/${made.id}`, { metric: 'percentage', column_key: 'tevredengemeente' }));
    expect(bad.errors).toEqual({ answer_code: ['Dit veld mag niet leeg zijn'] });
    expect((await send(beheerder, 'DELETE', `/indicator/${made.id}`)).status).toBe(200);
    expect((await beheerder.get(`${API}/indicator/${made.id}`)).status).toBe(404);
  });
});

describe('indicators with a weighting scheme (issue 31)', () => {
  it('take only a scheme of their survey whose range holds their period, never for the response count, and follow it', async () => {
    const [scheme] = await t.db.select({ id: weightingSchemes.id }).from(weightingSchemes).where(eq(weightingSchemes.surveyId, surveyId));
    const base = { project_id: 1, survey_id: surveyId, title: 'Zeer tevreden (gewogen)', comparator: 'less', threshold: 1, metric: 'percentage', column_key: 'tevredengemeente', answer_code: '5' };
    const notFit = 'Deze weging hoort niet bij het onderzoek van deze indicator, of haar periode omvat de periode van de indicator niet.';
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, weighting_id: 999_999 }))).errors).toEqual({ weighting_id: [notFit] });
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, weighting_id: 'x' }))).errors).toEqual({ weighting_id: ['Dit veld mag alleen hele nummers bevatten'] });
    expect((await json(await send(beheerder, 'POST', '/indicator', { ...base, metric: 'responses', weighting_id: scheme!.id }))).errors).toEqual({
      weighting_id: ['Een aantal respondenten telt mensen en wordt niet gewogen; kies geen weging of een ander soort indicator.'],
    });
    // Another company cannot use the scheme (its survey is not theirs): 404 on the project first.
    expect((await send(other, 'POST', '/indicator', { ...base, weighting_id: scheme!.id })).status).toBe(404);

    const plain = (await json<Indicator>(await send(beheerder, 'POST', '/indicator', base))).data;
    const weighted = await send(beheerder, 'POST', '/indicator', { ...base, weighting_id: scheme!.id });
    expect(weighted.status).toBe(201);
    const w = (await json<Indicator>(weighted)).data;
    expect(plain.weighting_id).toBeNull();
    expect(w.weighting_id).toBe(scheme!.id);
    expect(typeof plain.last_value).toBe('number');
    expect(typeof w.last_value).toBe('number');
    expect(w.last_value).not.toBeCloseTo(plain.last_value!, 6);
    // Switching the scheme off gives the unweighted value again.
    const off = (await json<Indicator>(await send(beheerder, 'PUT', `/indicator/${w.id}`, { weighting_id: null }))).data;
    expect(off).toMatchObject({ weighting_id: null, last_value: plain.last_value });
    for (const id of [plain.id, w.id]) expect((await send(beheerder, 'DELETE', `/indicator/${id}`)).status).toBe(200);
  });
});

describe('evaluation after a response upload', () => {
  it('fires an indicator on the response count when the upload crosses it', async () => {
    const made = (await json<Indicator>(await send(beheerder, 'POST', '/indicator', { project_id: 1, survey_id: surveyId, title: 'Respons boven 2.800', metric: 'responses', comparator: 'greater', threshold: 2800 }))).data;
    expect(made).toMatchObject({ state: 'notMet', last_value: 2790 });
    const header = 'id,submitdate,startdate,lastpage,startlanguage,leeftijd,geslacht,wijk';
    const day = new Date().toISOString().slice(0, 10);
    const rows = Array.from({ length: 20 }, (_, i) => `${900_000 + i},${day} 10:00:00,${day} 09:50:00,3,nl,A2,V,W3`);
    const form = new FormData();
    form.set('file', new Blob([[header, ...rows].join('\n')], { type: 'text/csv' }), 'extra.csv');
    const upload = await beheerder.fetch(`${API}/survey/${surveyId}/response`, { method: 'POST', body: form });
    expect(upload.status).toBeLessThan(300);
    const [row] = await t.db.select().from(indicators).where(eq(indicators.id, made.id));
    expect(row).toMatchObject({ state: 'met', lastValue: 2810 });
    const [mail] = await t.db.select().from(mailOutbox).where(like(mailOutbox.subject, "%'Respons boven 2.800'%")).orderBy(desc(mailOutbox.id));
    expect(mail?.text).toContain('de waarde is nu 2.810');
  });
});
