import type { UserServiceContext } from '../../context';
import { findVisibleSurvey, requireSurveyRole } from './scope';

/**
 * GET survey/{id}/link: where the browser is sent to take part. A configured participation URL
 * (e.g. the survey on the LimeSurvey install) wins; otherwise the portal's participation page.
 */
export async function getSurveyLink(ctx: UserServiceContext, surveyId: number, origin: string) {
  requireSurveyRole(ctx.user, ['survey.access', 'survey.view']);
  const survey = await findVisibleSurvey(ctx, surveyId);
  return { link: survey.participationUrl ?? `${origin}/portal/meedoen?survey=${survey.id}` };
}
