import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, generateToken } from '../../src/server/auth/tokens';
import type { ServiceContext } from '../../src/server/context';
import { reports, throttles, surveyCubeRebuilds, surveyFieldwork, surveyParticipations, surveyResponses, surveys, surveyTokens } from '../../src/server/db/schema';
import { r2FileStore } from '../../src/server/files/store';
import { inlineJobSystem } from '../../src/server/jobs/enqueue';
import { createMailer } from '../../src/server/mail/mailer';
import { enterCode } from '../../src/server/services/participate/enter-code';
import { formFields } from '../../src/server/services/participate/read-answers';
import { submitParticipation, viewParticipation, type Action } from '../../src/server/services/participate/respond';
import type { Credential } from '../../src/server/auth/respondent-cookie';
import type { FormView, ParticipateView } from '../../src/server/services/participate/views';
import { participateNl } from '../../src/shared/i18n/participate';
import { MIN_N_FLOOR } from '../../src/shared/validation/reports';
import { demoSurveyId } from '../helpers/demo-survey';
import { memoryBucket } from '../helpers/file-stores';
import { createTestApp } from '../helpers/test-app';
import { JOB_KINDS } from '../../src/server/job-kinds';

const t = createTestApp();
afterAll(() => t.close());
const config = { appEnv: 'test' as const, libsqlUrl: 'file:test', mailFrom: 'test@impulz.nl', helpdeskEmail: 'helpdesk@impulz.nl' };
const ctx = (now = new Date()): ServiceContext => ({ db: t.db, user: null, now, config, mailer: createMailer(t.db, config), jobs: inlineJobSystem(JOB_KINDS, t.db, r2FileStore(memoryBucket())) });

let surveyId = 0;
const tokens: string[] = [];
beforeAll(async () => {
  surveyId = await demoSurveyId(t.db);
  const rows = await t.db.select({ token: surveyTokens.token }).from(surveyTokens).where(eq(surveyTokens.surveyId, surveyId)).limit(10);
  tokens.push(...rows.map((r) => r.token));
});

const pageOf = (v: ParticipateView): FormView => {
  if (v.kind !== 'page') throw new Error(`expected a form page, got ${v.kind}`);
  return v;
};
const keysOf = (v: FormView) => v.page.questions.filter((q) => v.questions.has(q.id));
/** What a browser without JavaScript sends: every question and row that was on screen, plus the answers. */
function post(view: FormView, action: Action, answers: Record<string, string>, extra: { shown?: string[] } = {}) {
  const shown = new Set(extra.shown ?? keysOf(view).flatMap((q) => [`q${q.id}`, ...q.rows.filter((r) => view.rows.has(r.id)).map((r) => `r${r.id}`)]));
  return { action, page: view.page.index, lang: 'nl', fields: formFields(answers), files: () => [], shown, ip: '10.0.0.1' };
}
const start = () => ({ action: 'start' as const, page: -1, lang: 'nl', fields: formFields({}), files: () => [], shown: new Set<string>(), ip: '10.0.0.1' });
const token = (i: number): Credential => ({ kind: 'token', token: tokens[i]! });

describe('taking part with a code (the demo burgerpeiling)', () => {
  it('enters a code, shows the welcome text, and starts on the first page', async () => {
    const code = await enterCode(ctx(), { code: ` ${tokens[0]!.slice(0, 5)} ${tokens[0]!.slice(5)} `, ip: '10.0.0.1' });
    expect(code).toEqual({ ok: true, surveyId, token: tokens[0] });
    const welcome = await viewParticipation(ctx(), surveyId, token(0));
    expect(welcome.kind).toBe('welcome');
    expect((await submitParticipation(ctx(), surveyId, token(0), start())).kind).toBe('redirect');
    const first = pageOf(await viewParticipation(ctx(), surveyId, token(0)));
    expect(first.page.index).toBe(0);
    expect(first.progress).toEqual({ page: 1, pages: 3 });
    expect(first.canGoBack).toBe(false);
  });

  it('checks mandatory questions and validation attributes on the server, in Dutch, and keeps what was sent', async () => {
    const first = pageOf(await viewParticipation(ctx(), surveyId, token(0)));
    const result = await submitParticipation(ctx(), surveyId, token(0), post(first, 'next', { geslacht: 'V', jarenwonen: '12,5' }));
    expect(result.kind).toBe('view');
    if (result.kind !== 'view') return;
    expect(result.status).toBe(422);
    const view = pageOf(result.view);
    const byCode = (code: string) => view.errors.get(view.page.questions.find((q) => q.code === code)!.id);
    expect(byCode('leeftijd')).toBe(participateNl.validation.mandatory);
    expect(byCode('wijk')).toBe(participateNl.validation.mandatory);
    expect(byCode('jarenwonen')).toBe(participateNl.validation.integer);
    expect(view.values.geslacht).toBe('V');
    expect(view.focus).toBe(view.page.questions.find((q) => q.code === 'leeftijd')!.id);
    // Nothing was saved: the response still has no answers for this page.
    const [response] = await t.db.select().from(surveyResponses).where(like(surveyResponses.externalKey, 'web:p%'));
    expect(JSON.parse(response!.answers)).toEqual({});
  });

  it('saves a page and moves on; Vorige goes back without losing it', async () => {
    const first = pageOf(await viewParticipation(ctx(), surveyId, token(0)));
    expect((await submitParticipation(ctx(), surveyId, token(0), post(first, 'next', { leeftijd: 'A2', geslacht: 'V', wijk: 'W3', jarenwonen: '12' }))).kind).toBe('redirect');
    const second = pageOf(await viewParticipation(ctx(), surveyId, token(0)));
    expect(second.page.index).toBe(1);
    expect((await submitParticipation(ctx(), surveyId, token(0), post(second, 'prev', { rapportcijfer: '8' }))).kind).toBe('redirect');
    const back = pageOf(await viewParticipation(ctx(), surveyId, token(0)));
    expect(back.page.index).toBe(0);
    expect(back.values).toMatchObject({ leeftijd: 'A2', wijk: 'W3', jarenwonen: '12', rapportcijfer: '8' });
  });

  it('resumes where the respondent stopped, by code', async () => {
    const again = await enterCode(ctx(), { code: tokens[0]!, ip: '10.0.0.2' });
    expect(again.ok).toBe(true);
    const view = pageOf(await viewParticipation(ctx(), surveyId, token(0)));
    expect(view.page.index).toBe(0);
    expect(view.values.leeftijd).toBe('A2');
  });

  it('skips a question by its condition, and shows it first when an answer on the page makes it relevant (no JavaScript)', async () => {
    let view = pageOf(await viewParticipation(ctx(), surveyId, token(0)));
    await submitParticipation(ctx(), surveyId, token(0), post(view, 'next', { leeftijd: 'A2', geslacht: 'V', wijk: 'W3', jarenwonen: '12' }));
    view = pageOf(await viewParticipation(ctx(), surveyId, token(0)));
    await submitParticipation(ctx(), surveyId, token(0), post(view, 'next', { buurt_SQ001: '4', buurt_SQ002: '3', rapportcijfer: '8', problemen_SQ001: 'Y' }));
    view = pageOf(await viewParticipation(ctx(), surveyId, token(0)));
    const kanaal = view.page.questions.find((q) => q.code === 'kanaal')!;
    expect(view.questions.has(kanaal.id)).toBe(false);
    expect(view.isLast).toBe(true);
    // 'contact = Y' makes kanaal relevant; the form without script didn't show it: shown first, nothing completed.
    const appeared = await submitParticipation(ctx(), surveyId, token(0), post(view, 'submit', { tevredengemeente: '4', contact: 'Y', aanbevelen: '8' }));
    expect(appeared.kind).toBe('view');
    if (appeared.kind !== 'view') return;
    const again = pageOf(appeared.view);
    expect(again.notice).toBe(participateNl.form.newQuestions);
    expect(again.questions.has(kanaal.id)).toBe(true);
    expect(again.focus).toBe(kanaal.id);
    const done = await submitParticipation(ctx(), surveyId, token(0), post(again, 'submit', { tevredengemeente: '4', contact: 'Y', kanaal_SQ003: 'Y', aanbevelen: '8' }));
    expect(done.kind).toBe('view');
    if (done.kind === 'view') expect(done.view.kind).toBe('end');
  });

  it('stored one completed response under the column keys, marked the token, and left no participation', async () => {
    const [tok] = await t.db.select().from(surveyTokens).where(and(eq(surveyTokens.surveyId, surveyId), eq(surveyTokens.token, tokens[0]!)));
    expect(tok!.completed).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const responses = await t.db.select().from(surveyResponses).where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.token, tokens[0]!)));
    expect(responses).toHaveLength(1);
    const r = responses[0]!;
    expect(r.submitDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(r.startLanguage).toBe('nl');
    const answers = JSON.parse(r.answers) as Record<string, string>;
    expect(answers).toMatchObject({ leeftijd: 'A2', wijk: 'W3', buurt_SQ001: '4', buurt_SQ004: '', problemen_SQ001: 'Y', problemen_SQ002: '', contact: 'Y', kanaal_SQ003: 'Y', kanaal_SQ001: '', aanbevelen: '8', opmerking: '' });
    expect(await t.db.select().from(surveyParticipations).where(eq(surveyParticipations.tokenId, tok!.id))).toHaveLength(0);
  });

  it('entered the response into the cube: a new responses version, nothing pending', async () => {
    const [s] = await t.db.select({ v: surveys.responsesVersion }).from(surveys).where(eq(surveys.id, surveyId));
    expect(s!.v).toBeGreaterThan(1);
    const [state] = await t.db.select().from(surveyCubeRebuilds).where(eq(surveyCubeRebuilds.surveyId, surveyId));
    expect(state).toMatchObject({ pending: 0, scheduled: false });
  });

  it('gives a completed code the same polite message as an unknown one', async () => {
    const completed = await enterCode(ctx(), { code: tokens[0]!, ip: '10.0.0.3' });
    const unknown = await enterCode(ctx(), { code: 'Bestaat0Niet1234', ip: '10.0.0.3' });
    expect(completed).toEqual({ ok: false, message: participateNl.code.invalid });
    expect(unknown).toEqual(completed);
    const view = await viewParticipation(ctx(), surveyId, token(0));
    expect(view).toEqual({ kind: 'code', surveyId, error: participateNl.code.invalid, code: '' });
  });

  it('completes once on a double submit', async () => {
    await submitParticipation(ctx(), surveyId, token(1), start());
    let view = pageOf(await viewParticipation(ctx(), surveyId, token(1)));
    await submitParticipation(ctx(), surveyId, token(1), post(view, 'next', { leeftijd: 'A1', wijk: 'W1' }));
    view = pageOf(await viewParticipation(ctx(), surveyId, token(1)));
    await submitParticipation(ctx(), surveyId, token(1), post(view, 'next', {}));
    view = pageOf(await viewParticipation(ctx(), surveyId, token(1)));
    const last = post(view, 'submit', { tevredengemeente: '2', contact: 'N' });
    const [a, b] = await Promise.all([submitParticipation(ctx(), surveyId, token(1), last), submitParticipation(ctx(), surveyId, token(1), last)]);
    expect([a, b].some((r) => r.kind === 'view' && r.view.kind === 'end')).toBe(true);
    const rows = await t.db.select().from(surveyResponses).where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.token, tokens[1]!)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.submitDate).not.toBeNull();
    expect(JSON.parse(rows[0]!.answers)).not.toHaveProperty('kanaal_SQ001');
  });

  it('throttles wrong codes per IP (429 after 20) but not right ones', async () => {
    for (let i = 0; i < 20; i++) expect((await enterCode(ctx(), { code: `fout${i}`, ip: '10.9.9.9' })).ok).toBe(false);
    await expect(enterCode(ctx(), { code: 'fout-21', ip: '10.9.9.9' })).rejects.toMatchObject({ code: 'THROTTLED' });
    await expect(enterCode(ctx(), { code: tokens[2]!, ip: '10.9.9.9' })).rejects.toMatchObject({ code: 'THROTTLED' });
    expect((await enterCode(ctx(), { code: tokens[2]!, ip: '10.9.9.8' })).ok).toBe(true);
  });
});

describe('throttled saving', () => {
  const keyFor = (i: number) => `participate-submit:token:${surveyId}:${tokens[i]}`;
  it('counts saved pages per code and per IP in the saving batch, and answers 429 when a window is full', async () => {
    await submitParticipation(ctx(), surveyId, token(7), { ...start(), ip: '10.7.7.7' });
    const counted = async () => (await t.db.select().from(throttles).where(eq(throttles.key, keyFor(7))))[0]?.count;
    expect(await counted()).toBe(1);
    const view = pageOf(await viewParticipation(ctx(), surveyId, token(7)));
    // A page with errors saves nothing and counts nothing.
    expect((await submitParticipation(ctx(), surveyId, token(7), { ...post(view, 'next', {}), ip: '10.7.7.7' })).kind).toBe('view');
    expect(await counted()).toBe(1);
    await t.db.update(throttles).set({ count: 300 }).where(eq(throttles.key, keyFor(7)));
    await expect(submitParticipation(ctx(), surveyId, token(7), { ...post(view, 'next', { leeftijd: 'A1', wijk: 'W1' }), ip: '10.7.7.8' })).rejects.toMatchObject({ code: 'THROTTLED' });
    // Per IP: another code from a full IP is refused too, from another IP it is fine.
    await t.db.update(throttles).set({ count: 3000 }).where(eq(throttles.key, 'participate-submit:ip:10.7.7.7'));
    await expect(submitParticipation(ctx(), surveyId, token(8), { ...start(), ip: '10.7.7.7' })).rejects.toMatchObject({ code: 'THROTTLED' });
    expect((await submitParticipation(ctx(), surveyId, token(8), { ...start(), ip: '10.7.7.9' })).kind).toBe('redirect');
  });
});

describe('fieldwork states', () => {
  it('shows closed, not yet open and ended surveys as such, the title only to a valid code', async () => {
    const now = new Date();
    await t.db.update(surveyFieldwork).set({ status: 'closed' }).where(eq(surveyFieldwork.surveyId, surveyId));
    expect(await viewParticipation(ctx(now), surveyId, token(3))).toMatchObject({ kind: 'status', state: 'closed', title: 'Burgerpeiling Zuiderhaven' });
    expect(await viewParticipation(ctx(now), surveyId, null)).toMatchObject({ kind: 'status', state: 'closed', title: null });
    await t.db.update(surveyFieldwork).set({ status: 'open', startsAt: '2999-01-01T09:00', endsAt: null }).where(eq(surveyFieldwork.surveyId, surveyId));
    expect(await viewParticipation(ctx(now), surveyId, token(3))).toMatchObject({ kind: 'status', state: 'notStarted', when: '1 januari 2999 om 09:00' });
    await t.db.update(surveyFieldwork).set({ startsAt: null, endsAt: '2001-02-03T00:00' }).where(eq(surveyFieldwork.surveyId, surveyId));
    expect(await viewParticipation(ctx(now), surveyId, token(3))).toMatchObject({ kind: 'status', state: 'ended', when: '3 februari 2001' });
    await t.db.update(surveyFieldwork).set({ endsAt: null }).where(eq(surveyFieldwork.surveyId, surveyId));
    expect((await viewParticipation(ctx(now), surveyId, token(3))).kind).toBe('welcome');
    expect(await viewParticipation(ctx(now), 999_999, null)).toEqual({ kind: 'notFound' });
  });
});

describe('anonymous and open surveys', () => {
  it('keeps no link between token and answers in an anonymous survey', async () => {
    await t.db.update(surveys).set({ anonymized: true }).where(eq(surveys.id, surveyId));
    try {
      const me = token(4);
      await submitParticipation(ctx(), surveyId, me, start());
      let view = pageOf(await viewParticipation(ctx(), surveyId, me));
      await submitParticipation(ctx(), surveyId, me, post(view, 'next', { leeftijd: 'A4', wijk: 'W6' }));
      const [tokenRow] = await t.db.select().from(surveyTokens).where(eq(surveyTokens.token, tokens[4]!));
      const [participation] = await t.db.select().from(surveyParticipations).where(eq(surveyParticipations.tokenId, tokenRow!.id));
      const [inProgress] = await t.db.select().from(surveyResponses).where(eq(surveyResponses.externalKey, `web:p${participation!.id}`));
      expect(inProgress!.token).toBeNull();
      expect(JSON.parse(inProgress!.answers)).toMatchObject({ leeftijd: 'A4', wijk: 'W6' });
      view = pageOf(await viewParticipation(ctx(), surveyId, me));
      await submitParticipation(ctx(), surveyId, me, post(view, 'next', {}));
      view = pageOf(await viewParticipation(ctx(), surveyId, me));
      await submitParticipation(ctx(), surveyId, me, post(view, 'submit', { tevredengemeente: '5', contact: 'N' }));
      const [done] = await t.db.select().from(surveyResponses).where(eq(surveyResponses.id, inProgress!.id));
      expect(done!.token).toBeNull();
      expect(done!.externalKey).toMatch(/^web:[0-9a-f]{32}$/);
      expect(done!.submitDate).not.toBeNull();
      expect(await t.db.select().from(surveyParticipations).where(eq(surveyParticipations.tokenId, tokenRow!.id))).toHaveLength(0);
      const [tok] = await t.db.select().from(surveyTokens).where(eq(surveyTokens.token, tokens[4]!));
      expect(tok!.completed).toBe('Y');
      expect(tok!.updatedAt.getUTCHours() + tok!.updatedAt.getUTCMinutes()).toBe(0);
    } finally {
      await t.db.update(surveys).set({ anonymized: false }).where(eq(surveys.id, surveyId));
    }
  });

  it('starts an open survey from its link with a resume key, and resumes with that key', async () => {
    await t.db.update(surveys).set({ useTokens: false }).where(eq(surveys.id, surveyId));
    try {
      expect((await viewParticipation(ctx(), surveyId, null)).kind).toBe('welcome');
      const started = await submitParticipation(ctx(), surveyId, null, start());
      expect(started.kind).toBe('redirect');
      const key = started.kind === 'redirect' ? started.newKey! : '';
      expect(key).toMatch(/^[a-z2-7]{32}$/);
      const cred: Credential = { kind: 'key', key, hash: hashToken(key) };
      const view = pageOf(await viewParticipation(ctx(), surveyId, cred, { resumeUrl: 'x' }));
      expect(view.page.index).toBe(0);
      await submitParticipation(ctx(), surveyId, cred, post(view, 'next', { leeftijd: 'A3', wijk: 'W2' }));
      expect(pageOf(await viewParticipation(ctx(), surveyId, cred)).page.index).toBe(1);
      let page = pageOf(await viewParticipation(ctx(), surveyId, cred));
      await submitParticipation(ctx(), surveyId, cred, post(page, 'next', {}));
      page = pageOf(await viewParticipation(ctx(), surveyId, cred));
      const last = post(page, 'submit', { tevredengemeente: '3', contact: 'N' });
      expect((await submitParticipation(ctx(), surveyId, cred, last)).kind).toBe('view');
      const again = await submitParticipation(ctx(), surveyId, cred, last);
      expect(again.kind === 'view' && again.view.kind).toBe('end');
      expect((await viewParticipation(ctx(), surveyId, cred)).kind).toBe('end');
      const [p] = await t.db.select().from(surveyParticipations).where(eq(surveyParticipations.keyHash, hashToken(key)));
      const rows = await t.db.select().from(surveyResponses).where(eq(surveyResponses.externalKey, `web:p${p!.id}`));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.submitDate).not.toBeNull();
      // Someone else's made-up key starts a participation of their own.
      const other = generateToken(20);
      expect((await viewParticipation(ctx(), surveyId, { kind: 'key', key: other, hash: hashToken(other) })).kind).toBe('welcome');
    } finally {
      await t.db.update(surveys).set({ useTokens: true }).where(eq(surveys.id, surveyId));
    }
  });
});

describe('the small-group threshold the respondent pages state', () => {
  it('is the smallest min_n (never below the floor) of the survey\'s live reports, and null without any', async () => {
    // The reports with a chart on the demo survey (the burgerpeiling's).
    const used = (await t.db.all<{ id: number; min_n: number }>(sql`select distinct r.id, r.min_n from reports r
      join report_sections s on s.report_id = r.id join report_charts c on c.section_id = s.id
      join report_data_locations d on d.chart_id = c.id where d.survey_id = ${surveyId} and r.deleted_at is null and r.archived_at is null order by r.id`));
    expect(used.length).toBeGreaterThan(0);
    const minNOf = async () => {
      const v = await viewParticipation(ctx(), surveyId, token(5));
      if (!('survey' in v)) throw new Error(`expected a view with the survey, got ${v.kind}`);
      return v.survey.minN;
    };
    const ids = used.map((r) => r.id);
    try {
      await t.db.update(reports).set({ minN: 13 }).where(inArray(reports.id, ids));
      await t.db.update(reports).set({ minN: 12 }).where(eq(reports.id, ids[0]!));
      expect(await minNOf()).toBe(12);
      // An archived or deleted report no longer counts.
      await t.db.update(reports).set({ archivedAt: new Date() }).where(eq(reports.id, ids[0]!));
      expect(await minNOf()).toBe(13);
      // Below the floor (only possible in old rows) the floor applies, as it does in the report.
      await t.db.update(reports).set({ archivedAt: null, minN: 3 }).where(eq(reports.id, ids[0]!));
      expect(await minNOf()).toBe(MIN_N_FLOOR);
      await t.db.update(reports).set({ deletedAt: new Date() }).where(inArray(reports.id, ids));
      expect(await minNOf()).toBeNull();
    } finally {
      for (const r of used) await t.db.update(reports).set({ minN: r.min_n, deletedAt: null, archivedAt: null }).where(eq(reports.id, r.id));
    }
  });
});
