import { auditRow } from '../../audit/audit-row';
import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../../context';
import { surveyAudit, surveyResponses } from '../../../db/schema';
import { AppError, nl } from '../../../errors';
import { CUBE_BUILD_JOB } from '../../analytics/cube-job';
import { findVisibleSurvey, requireSurveyRole } from '../scope';
import { bumpResponsesVersion } from '../responses-version';

/**
 * DELETE survey/{id}/responses/{rid}: a respondent's request to be forgotten. The response row is
 * removed, responses_version bumped (so no cube of the old version is used again) and the audit
 * records who did it — all in one batch; then the survey's cube is rebuilt by a job. The token
 * (participant row) is left alone: it is managed on the tokens tab.
 */
export async function deleteResponse(ctx: UserServiceContext, surveyId: number, responseRowId: number) {
  requireSurveyRole(ctx.user, 'survey.edit');
  const visible = await findVisibleSurvey(ctx, surveyId);
  const [row] = await ctx.db
    .select({ id: surveyResponses.id, responseId: surveyResponses.responseId })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.id, responseRowId), eq(surveyResponses.surveyId, surveyId)));
  if (!row) throw new AppError('NOT_FOUND', nl.notFound);
  const [, [survey]] = await ctx.db.batch([
    ctx.db.delete(surveyResponses).where(eq(surveyResponses.id, row.id)),
    bumpResponsesVersion(ctx.db, surveyId),
    ctx.db.insert(surveyAudit).values({ surveyId, userId: ctx.user.id, action: 'response.delete', detail: { response_id: row.responseId, row_id: row.id } }),
    auditRow(ctx, { action: 'response.delete', resource: 'survey', resourceId: surveyId, companyId: visible.companyId, summary: `Respons ${row.responseId} verwijderd uit ${visible.title} (${surveyId})` }),
  ]);
  // The new cube: built by a job; until it is there a data call builds it on demand.
  if (ctx.jobs) await ctx.jobs.enqueue(CUBE_BUILD_JOB, { surveyId }, ctx.user.id);
  return { id: row.id, responses_version: survey!.version };
}
