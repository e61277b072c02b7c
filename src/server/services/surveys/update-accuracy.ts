import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { surveys } from '../../db/schema';
import type { AccuracyInput } from '../../../shared/validation/surveys';
import { getSurveyAdmin } from './get-survey-admin';
import { findVisibleSurvey, requireSurveyRole } from './scope';

/** PUT survey/{id}/accuracy: the population size and confidence level the margins of error use. */
export async function updateAccuracy(ctx: UserServiceContext, surveyId: number, input: AccuracyInput) {
  requireSurveyRole(ctx.user, 'survey.edit');
  await findVisibleSurvey(ctx, surveyId);
  await ctx.db.update(surveys).set({ populationSize: input.population_size, confidenceLevel: input.confidence_level }).where(eq(surveys.id, surveyId));
  return (await getSurveyAdmin(ctx, surveyId)).accuracy;
}
