import { attemptStatement, counterStatement, THROTTLES, wouldExceed } from '../../auth/throttle';
import { generateToken, hashToken } from '../../auth/tokens';
import type { ServiceContext } from '../../context';
import { participateNl } from '../../../shared/i18n/participate';
import { rawClient } from '../surveys/scope';
import { enqueueRebuild, pendingStatements } from './cube-rebuild';
import { formatStamp } from './fieldwork-state';
import type { FormModel, FormPage, FormQuestion } from './form-model';
import { loadFormModel } from './load-form-model';
import type { Credential } from '../../auth/respondent-cookie';
import { loadRespondent, tokenUsable, tokenValues, type ParticipationSurvey, type RespondentState } from './load-respondent';
import { applyPageRelevance, computeEquations, finalizeAnswers, groupRelevant, nextPage, previousPage, progressOf, type Answers, type TokenValues } from './page-flow';
import { readQuestion, type FormFields } from './read-answers';
import { completeStatements, saveStatements, whoFor } from './save-statements';
import { checkUploads, storedFiles, storeUploads, type CheckedUpload } from './upload-files';
import { validateQuestion } from './validate-answers';
import type { FormView, ParticipateView } from './views';

export type Action = 'start' | 'prev' | 'next' | 'submit' | 'lang';

export interface Submission {
  action: Action;
  page: number;
  lang: string | null;
  fields: FormFields;
  files: (key: string) => File[];
  /** Question and row ids the respondent saw ('q12', 'r40'), as the form (or its script) reports them. */
  shown: Set<string>;
  ip: string | null;
}

export type SubmitResult =
  | { kind: 'redirect'; newKey?: string }
  | { kind: 'view'; view: ParticipateView; status: number; newKey?: string; clearCredential?: boolean };

/** Not found, closed, or a token that can't be used (the same for unknown and completed). */
function gate(state: RespondentState, cred: Credential | null, now: Date): ParticipateView | null {
  const { survey, token } = state;
  if (!survey) return { kind: 'notFound' };
  const known = !survey.useTokens || tokenUsable(token, now);
  if (survey.state !== 'open') {
    const when = survey.state === 'notStarted' ? survey.fieldwork.startsAt : survey.state === 'ended' ? survey.fieldwork.endsAt : null;
    return { kind: 'status', state: survey.state, when: when && formatStamp(when), title: known ? survey.title : null };
  }
  if (survey.useTokens && !known) return { kind: 'code', surveyId: survey.id, error: cred ? participateNl.code.invalid : null, code: '' };
  return null;
}

/** An open survey's participation that was sent (page −2): its respondent sees the end text again. */
const SENT = -2;
function endView(survey: ParticipationSurvey, lang: string): ParticipateView {
  const texts = survey.texts[lang] ?? survey.texts[survey.baseLanguage];
  return { kind: 'end', survey, lang, html: texts?.end ?? '', url: null };
}

function languageOf(survey: ParticipationSurvey, state: RespondentState, wanted?: string | null): string {
  const ok = (l: string | null | undefined): l is string => !!l && survey.languages.includes(l);
  if (ok(wanted)) return wanted;
  if (ok(state.participation?.language)) return state.participation.language;
  if (ok(state.token?.language)) return state.token.language;
  return survey.baseLanguage;
}

const modelOf = (ctx: ServiceContext, s: ParticipationSurvey) => loadFormModel(ctx.db, { id: s.id, lsSid: s.lsSid, baseLanguage: s.baseLanguage, languages: s.languages, attributeDescriptions: s.attributeDescriptions, updatedAt: s.updatedAt });

function formView(model: FormModel, survey: ParticipationSurvey, page: FormPage, lang: string, values: Answers, token: TokenValues, extra: Partial<FormView> = {}): FormView {
  const probe = { ...values };
  const { questions, rows } = applyPageRelevance(model, page, probe, token);
  return {
    kind: 'page', survey, model, page, lang, values, errors: new Map(), questions, rows,
    progress: progressOf(model, page.index, probe, token), canGoBack: previousPage(model, page.index, probe, token) !== null,
    isLast: nextPage(model, page.index, probe, token) === null, focus: null, notice: null, tokenValues: token, softSkipped: new Set(), resumeUrl: null, ...extra,
  };
}

/** GET: the page this respondent is on (or the code form, the welcome text, a status page). */
export async function viewParticipation(ctx: ServiceContext, surveyId: number, cred: Credential | null, opts: { lang?: string | null; resumeUrl?: string | null } = {}): Promise<ParticipateView> {
  const state = await loadRespondent(ctx.db, surveyId, cred, ctx.now);
  const blocked = gate(state, cred, ctx.now);
  if (blocked) return blocked;
  const survey = state.survey!;
  const lang = languageOf(survey, state, opts.lang);
  const tv = tokenValues(state.token, survey.anonymized);
  const p = state.participation;
  if (p?.page === SENT) return endView(survey, lang);
  const model = await modelOf(ctx, survey);
  const answers = p?.answers ?? {};
  let index = p?.page ?? -1;
  if (index < 0 && (survey.texts[lang]?.welcome ?? '').trim()) return { kind: 'welcome', survey, lang, tokenValues: tv };
  if (index < 0 || index >= model.pages.length || !model.pages[index]) index = nextPage(model, Math.max(-1, index - 1), answers, tv) ?? -1;
  const page = model.pages[index];
  if (!page) return { kind: 'welcome', survey, lang, tokenValues: tv };
  return formView(model, survey, page, lang, answers, tv, { resumeUrl: opts.resumeUrl ?? null });
}

const isShown = (shown: Set<string>, q: FormQuestion, rows: Set<number>) => shown.has(`q${q.id}`) && q.rows.every((r) => !rows.has(r.id) || shown.has(`r${r.id}`));

/**
 * POST: saves the page that was sent (only its relevant questions; answers to questions that
 * are no longer relevant are dropped), checks it, and moves on, back, or completes. Questions
 * that became relevant through this page's answers but weren't on screen (no JavaScript) are
 * shown first. Errors come back as the same page with the answers as sent.
 */
export async function submitParticipation(ctx: ServiceContext, surveyId: number, cred: Credential | null, sub: Submission): Promise<SubmitResult> {
  // Saved submissions count per IP and per code; the counters are read here and counted in the
  // batch that saves, so a page costs one read and one write round trip.
  const ipRule = THROTTLES.participateSubmitIp;
  const tokenRule = THROTTLES.participateSubmitToken;
  const tokenKey = cred?.kind === 'token' ? `${surveyId}:${cred.token}` : null;
  const state = await loadRespondent(ctx.db, surveyId, cred, ctx.now, [counterStatement(ipRule, sub.ip ?? 'unknown'), counterStatement(tokenRule, tokenKey)]);
  const over = wouldExceed(ipRule, state.extraRows[0]?.[0], ctx.now) ?? (tokenKey ? wouldExceed(tokenRule, state.extraRows[1]?.[0], ctx.now) : null);
  if (over) throw over;
  const counters = [attemptStatement(ipRule, sub.ip ?? 'unknown', ctx.now), ...(tokenKey ? [attemptStatement(tokenRule, tokenKey, ctx.now)] : [])];
  const blocked = gate(state, cred, ctx.now);
  if (blocked) return { kind: 'view', view: blocked, status: blocked.kind === 'notFound' ? 404 : blocked.kind === 'code' ? 422 : 200, clearCredential: blocked.kind === 'code' };
  const survey = state.survey!;
  const model = await modelOf(ctx, survey);
  const tv = tokenValues(state.token, survey.anonymized);
  const lang = languageOf(survey, state, sub.lang);
  if (state.participation?.page === SENT) return { kind: 'view', view: endView(survey, lang), status: 200, clearCredential: true };

  // An open survey's respondent without a (known) key starts a new participation with a new key.
  let credential = cred;
  let newKey: string | undefined;
  if (!survey.useTokens && (!credential || credential.kind !== 'key' || !state.participation)) {
    newKey = generateToken(20);
    credential = { kind: 'key', key: newKey, hash: hashToken(newKey) };
  }
  const who = whoFor(surveyId, credential, survey.useTokens ? state.token!.id : null);
  const answers: Answers = { ...(state.participation?.answers ?? {}) };
  const save = (page: number, lastPage: number, final = false) => {
    const base = [...counters, ...saveStatements(who, { page, language: lang, answers, lastPage, datestamp: survey.datestamp, anonymized: survey.anonymized, token: state.token?.token ?? null, now: ctx.now })];
    return final ? [...base, ...completeStatements(who, { answers, datestamp: survey.datestamp, anonymized: survey.anonymized, now: ctx.now }), ...pendingStatements(surveyId, ctx.now)] : base;
  };

  if (sub.action === 'start') {
    const first = nextPage(model, -1, answers, tv);
    await rawClient(ctx.db).batch(save(first ?? 0, 0), 'write');
    return { kind: 'redirect', newKey };
  }

  // Only pages the respondent has reached; a page that is no longer relevant is dropped.
  const current = state.participation?.page ?? nextPage(model, -1, answers, tv) ?? 0;
  const page = sub.page <= current ? model.pages[sub.page] : undefined;
  if (!page || !groupRelevant(model, page.index, answers, tv)) return { kind: 'redirect' };

  // The page's values as sent, then relevance in page order with them.
  const before = { ...answers };
  const rowsSent = new Set(page.questions.flatMap((q) => q.rows.map((r) => r.id)));
  for (const q of page.questions) Object.assign(answers, readQuestion(q, sub.fields, rowsSent));
  const { questions, rows } = applyPageRelevance(model, page, answers, tv);
  const lenient = sub.action === 'prev' || sub.action === 'lang';

  const errors = new Map<number, string>();
  const appeared: number[] = [];
  const uploads: CheckedUpload['add'] = [];
  const softSkipped = new Set(page.questions.filter((q) => sub.fields.get(`soft_${q.id}`) === '1').map((q) => q.id));
  for (const q of page.questions) {
    if (!questions.has(q.id)) continue;
    if (!isShown(sub.shown, q, rows)) {
      appeared.push(q.id);
      continue;
    }
    if (q.kind === 'file') {
      const checked = await checkUploads(q, storedFiles(before[q.code]), sub.files(q.code), sub.fields.get(`${q.code}_remove`) === '1');
      if (checked.error) errors.set(q.id, checked.error);
      answers[q.code] = checked.files.length ? JSON.stringify(checked.files) : '';
      answers[`${q.code}_filecount`] = String(checked.files.length);
      uploads.push(...checked.add);
      if (checked.error) continue;
    }
    const message = validateQuestion(model, q, answers, { lang, softSkipped, token: tv, paper: lenient });
    if (message) errors.set(q.id, message);
  }
  computeEquations(model, page.questions, answers, tv);

  if (errors.size || (appeared.length && !lenient)) {
    const firstError = page.questions.find((q) => errors.has(q.id))?.id ?? null;
    const view = formView(model, survey, page, lang, answers, tv, {
      errors, softSkipped, focus: firstError ?? appeared[0] ?? null, notice: errors.size ? null : participateNl.form.newQuestions,
    });
    return { kind: 'view', view, status: errors.size ? 422 : 200, newKey };
  }
  if (uploads.length && ctx.jobs) await storeUploads(ctx.jobs.files, surveyId, uploads);

  const reached = Math.max(current, sub.page) + 1;
  if (sub.action === 'prev' || sub.action === 'lang') {
    const target = sub.action === 'lang' ? sub.page : (previousPage(model, sub.page, answers, tv) ?? sub.page);
    await rawClient(ctx.db).batch(save(target, reached), 'write');
    return { kind: 'redirect', newKey };
  }
  const next = nextPage(model, sub.page, answers, tv);
  if (next !== null) {
    await rawClient(ctx.db).batch(save(next, reached), 'write');
    return { kind: 'redirect', newKey };
  }
  finalizeAnswers(model, answers, tv);
  const results = await rawClient(ctx.db).batch(save(sub.page, reached, true), 'write');
  if (results.at(-1)?.rows.length) await enqueueRebuild(ctx.db, ctx.jobs, surveyId);
  return { kind: 'view', view: endView(survey, lang), status: 200, clearCredential: true };
}
