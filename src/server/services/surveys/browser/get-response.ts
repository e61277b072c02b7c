import { auditRow } from '../../audit/audit-row';
import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../../context';
import { surveyResponses } from '../../../db/schema';
import { AppError, nl } from '../../../errors';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { pick } from '../present';
import { loadSurveyColumns } from '../responses/survey-columns';
import { findVisibleSurvey, requireSurveyRole } from '../scope';

/**
 * GET survey/{id}/responses/{rid}: one response with every column of the survey in LimeSurvey's
 * order, each with its question (and subquestion) text and the answer's label where the value is
 * an answer code. `shown: false` = NULL (the question wasn't shown), '' = shown, not answered.
 */
export async function getResponse(ctx: UserServiceContext, surveyId: number, responseRowId: number, lang?: string) {
  requireSurveyRole(ctx.user, 'survey.edit');
  const visible = await findVisibleSurvey(ctx, surveyId);
  const [row] = await ctx.db.select().from(surveyResponses).where(and(eq(surveyResponses.id, responseRowId), eq(surveyResponses.surveyId, surveyId)));
  if (!row) throw new AppError('NOT_FOUND', nl.notFound);
  // Opening one person's answers is on the record.
  await auditRow(ctx, { action: 'response.view', resource: 'survey', resourceId: surveyId, companyId: visible.companyId, summary: `Respons ${row.responseId} geopend in ${visible.title} (${surveyId})` });
  const { survey, structure, columns } = await loadSurveyColumns(ctx.db, surveyId);
  const language = lang && survey.baseLanguage ? lang : survey.baseLanguage;
  const text = (t: Record<string, string>) => pick(t, language, survey.baseLanguage).replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  const questions = new Map(structure.groups.flatMap((g) => g.questions).map((q) => [q.id, q]));
  const answers = JSON.parse(row.answers) as Record<string, string>;
  return {
    id: row.id, response_id: row.responseId, token: row.token, submit_date: row.submitDate, start_date: row.startDate, date_stamp: row.dateStamp,
    last_page: row.lastPage, start_language: row.startLanguage, complete: row.submitDate !== null,
    answers: columns.map((col) => {
      const q = questions.get(col.questionId)!;
      const sub = q.subquestions.find((s) => s.id === col.subquestionId);
      const cell = col.key.match(/_([^_]+)$/)?.[1];
      const column = q.type === ':' || q.type === ';' ? q.subquestions.find((s) => s.scaleId === 1 && s.code === cell) : undefined;
      const value = col.key in answers ? answers[col.key]! : null;
      const option = value && col.part === 'value' ? q.answers.find((a) => a.code === value && a.scaleId === col.scale) : undefined;
      const part = col.part === 'other' ? surveysNl.browser.other : col.part === 'comment' ? surveysNl.browser.comment : null;
      return {
        key: col.key, code: q.code, question: text(q.texts),
        subquestion: [sub ? text(sub.texts) : null, column ? text(column.texts) : null, q.type === '1' ? `${surveysNl.questions.scale(col.scale)}` : null, q.type === 'R' ? `#${cell}` : null, part].filter(Boolean).join(' – ') || null,
        value, label: option ? text(option.labels) : null, shown: value !== null,
      };
    }),
  };
}
