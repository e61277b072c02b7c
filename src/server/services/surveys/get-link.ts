import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { surveyTokens } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { findVisibleSurvey, requireSurveyRole } from './scope';

/**
 * GET survey/{id}/link[?token_id=]: where the browser is sent to take part. A configured
 * participation URL (e.g. the survey on a LimeSurvey install) wins; otherwise the portal's own
 * form, with one token's code in the link when `token_id` names a token of the survey.
 */
export async function getSurveyLink(ctx: UserServiceContext, surveyId: number, origin: string, tokenId?: number) {
  requireSurveyRole(ctx.user, ['survey.access', 'survey.view']);
  const survey = await findVisibleSurvey(ctx, surveyId);
  if (survey.participationUrl) return { link: survey.participationUrl };
  const link = `${origin}/portal/meedoen/${survey.id}`;
  if (tokenId === undefined) return { link };
  const [token] = await ctx.db.select({ token: surveyTokens.token }).from(surveyTokens).where(and(eq(surveyTokens.id, tokenId), eq(surveyTokens.surveyId, surveyId)));
  if (!token) throw new AppError('NOT_FOUND', nl.notFound);
  return { link: `${link}?code=${encodeURIComponent(token.token)}` };
}
