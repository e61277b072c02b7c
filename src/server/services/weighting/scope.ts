import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { weightingSchemes } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { findVisibleSurvey, requireSurveyRole } from '../surveys/scope';

export { type SchemeRow, engineScheme, weightingAppError, weightingField, weightingMessage } from './scheme-engine';

/** The survey (visible to the user, `survey.edit`) and its scheme `wid`; 404 for anything else. */
export async function findScheme(ctx: UserServiceContext, surveyId: number, wid: number) {
  requireSurveyRole(ctx.user, 'survey.edit');
  const survey = await findVisibleSurvey(ctx, surveyId);
  const [scheme] = await ctx.db.select().from(weightingSchemes).where(and(eq(weightingSchemes.id, wid), eq(weightingSchemes.surveyId, surveyId)));
  if (!scheme) throw new AppError('NOT_FOUND', nl.notFound);
  return { survey, scheme };
}

