import { asc } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { surveys } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { participateNl } from '../../../shared/i18n/participate';
import { displayTitle } from '../surveys/present';
import { rawClient, requireSurveyRole, visibleSurveys } from '../surveys/scope';
import { enqueueRebuild, pendingStatements } from './cube-rebuild';
import { localStamp } from './fieldwork-state';
import type { FormModel } from './form-model';
import { loadFormModel } from './load-form-model';
import { readSurvey, surveyStatement, type ParticipationSurvey } from './load-respondent';
import { applyPageRelevance, finalizeAnswers, groupRelevant, type Answers } from './page-flow';
import { readQuestion, type FormFields } from './read-answers';
import { lsStamp } from './save-statements';
import { validateQuestion } from './validate-answers';

const ROLES = ['survey.upload'] as const;
const t = participateNl.paper;
const NUMBER = /^[A-Za-z0-9-]{1,40}$/;

/** /invoer: the surveys the user may enter paper forms for. */
export async function listPaperSurveys(ctx: UserServiceContext) {
  requireSurveyRole(ctx.user, ROLES);
  const rows = await ctx.db.select({ id: surveys.id, title: surveys.title, lsSid: surveys.lsSid }).from(surveys).where(visibleSurveys(ctx.user)).orderBy(asc(surveys.title));
  return rows.map((s) => ({ id: s.id, title: displayTitle(s) }));
}

export interface PaperForm {
  survey: ParticipationSurvey;
  model: FormModel;
  entered: number;
}

/** The survey's form for paper entry and how many paper forms it has (one batch, the model from cache). */
export async function loadPaperForm(ctx: UserServiceContext, surveyId: number): Promise<PaperForm> {
  requireSurveyRole(ctx.user, ROLES);
  const [s, count] = await rawClient(ctx.db).batch(
    [
      surveyStatement(surveyId, ctx.user.isRoot ? undefined : (ctx.user.companyId ?? 0)),
      { sql: `select count(*) as n from survey_responses where survey_id = ? and external_key >= 'paper:' and external_key < 'paper;'`, args: [surveyId] },
    ],
    'read',
  );
  const survey = readSurvey(s!.rows[0], ctx.now);
  if (!survey) throw new AppError('NOT_FOUND', nl.notFound);
  const model = await loadFormModel(ctx.db, { id: survey.id, lsSid: survey.lsSid, baseLanguage: survey.baseLanguage, languages: survey.languages, attributeDescriptions: survey.attributeDescriptions, updatedAt: survey.updatedAt });
  return { survey, model, entered: Number(count!.rows[0]!.n) };
}

export type PaperResult =
  | { ok: true; number: string; form: PaperForm }
  | { ok: false; form: PaperForm; values: Answers; errors: Map<number, string>; fieldErrors: { number?: string; date?: string }; number: string; date: string };

/**
 * One paper questionnaire: the codes as typed, checked like the form checks them (answer codes,
 * numbers, dates; not what a respondent was obliged to answer), conditions applied in order so
 * skipped questions are stored as not shown, then saved as a completed response with external
 * key `paper:{number}`: the form number can be entered once per survey.
 */
export async function savePaperForm(ctx: UserServiceContext, surveyId: number, fields: FormFields): Promise<PaperResult> {
  const form = await loadPaperForm(ctx, surveyId);
  const { survey, model } = form;
  const number = (fields.get('form_number') ?? '').trim();
  const date = (fields.get('form_date') ?? '').trim() || localStamp(ctx.now).slice(0, 10);
  const fieldErrors: { number?: string; date?: string } = {};
  if (!number) fieldErrors.number = t.formNumberRequired;
  else if (!NUMBER.test(number)) fieldErrors.number = t.formNumberInvalid;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)) || date > localStamp(ctx.now).slice(0, 10)) fieldErrors.date = participateNl.validation.date;

  const answers: Answers = {};
  const errors = new Map<number, string>();
  for (const page of model.pages) {
    if (!groupRelevant(model, page.index, answers, {})) continue;
    const all = new Set(page.questions.flatMap((q) => q.rows.map((r) => r.id)));
    for (const q of page.questions) if (q.kind !== 'file') Object.assign(answers, readQuestion(q, fields, all));
    const { questions } = applyPageRelevance(model, page, answers, {});
    for (const q of page.questions) {
      if (!questions.has(q.id)) continue;
      const message = validateQuestion(model, q, answers, { lang: survey.baseLanguage, paper: true });
      if (message) errors.set(q.id, message);
    }
  }
  const values = { ...answers };
  if (errors.size || fieldErrors.number || fieldErrors.date) return { ok: false, form, values, errors, fieldErrors, number, date };

  finalizeAnswers(model, answers, {});
  const stamp = date === localStamp(ctx.now).slice(0, 10) ? lsStamp(ctx.now) : `${date} 12:00:00`;
  const t0 = ctx.now.getTime();
  const results = await rawClient(ctx.db).batch(
    [
      {
        sql: `insert into survey_responses (survey_id, external_key, token, submit_date, start_date, date_stamp, start_language, last_page, answers, created_at, updated_at)
          values (?, ?, null, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (survey_id, external_key) do nothing returning id`,
        args: [surveyId, `paper:${number}`, survey.datestamp ? stamp : '1980-01-01 00:00:00', survey.datestamp ? stamp : null, survey.datestamp ? stamp : null, survey.baseLanguage, model.pages.length, JSON.stringify(answers), t0, t0],
      },
      ...pendingStatements(surveyId, ctx.now),
    ],
    'write',
  );
  // The claim stands even for a duplicate number (then it costs one rebuild that finds nothing new).
  if (results.at(-1)!.rows.length) await enqueueRebuild(ctx.db, ctx.jobs, surveyId);
  if (!results[0]!.rows.length) return { ok: false, form, values, errors, fieldErrors: { number: t.duplicate(number) }, number, date };
  return { ok: true, number, form: { ...form, entered: form.entered + 1 } };
}
