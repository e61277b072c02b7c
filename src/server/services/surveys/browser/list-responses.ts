import { count, desc } from 'drizzle-orm';
import type { UserServiceContext } from '../../../context';
import { surveyResponses } from '../../../db/schema';
import type { ResponseListQuery } from '../../../../shared/validation/surveys';
import { findVisibleSurvey, requireSurveyRole } from '../scope';
import { responseFilter } from './filter';

/**
 * GET survey/{id}/responses: one page of the survey's responses, newest first, with the filters of
 * the response browser. Individual responses: survey.edit of the survey's company only (the
 * browser is never reachable from reports). One round trip: count and page in a batch.
 */
export async function listResponses(ctx: UserServiceContext, surveyId: number, q: ResponseListQuery) {
  requireSurveyRole(ctx.user, 'survey.edit');
  await findVisibleSurvey(ctx, surveyId);
  const where = responseFilter(surveyId, q);
  const [total, rows] = await ctx.db.batch([
    ctx.db.select({ n: count() }).from(surveyResponses).where(where),
    ctx.db
      .select({
        id: surveyResponses.id, responseId: surveyResponses.responseId, token: surveyResponses.token, submitDate: surveyResponses.submitDate,
        startDate: surveyResponses.startDate, dateStamp: surveyResponses.dateStamp, lastPage: surveyResponses.lastPage, startLanguage: surveyResponses.startLanguage,
      })
      .from(surveyResponses)
      .where(where)
      .orderBy(desc(surveyResponses.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id, response_id: r.responseId, token: r.token, submit_date: r.submitDate, start_date: r.startDate ?? r.dateStamp, last_page: r.lastPage,
      start_language: r.startLanguage, complete: r.submitDate !== null,
    })),
    meta: { total: total[0]?.n ?? 0, page: q.page, per_page: q.per_page },
  };
}
