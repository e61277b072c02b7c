import type { UserServiceContext } from '../../context';
import { AppError } from '../../errors';
import { GenerateTokensInput } from '../../../shared/validation/surveys';
import { surveysNl } from '../../../shared/i18n/surveys';
import { findVisibleSurvey, requireSurveyRole } from './scope';

export const GENERATE_TOKENS_JOB = 'survey.tokens.generate';

/** POST survey/{id}/token/generate: checks, then hands the work to a job (up to 1,000,000 tokens). */
export async function generateTokens(ctx: UserServiceContext, surveyId: number, input: GenerateTokensInput) {
  requireSurveyRole(ctx.user, 'survey.edit');
  await findVisibleSurvey(ctx, surveyId);
  if (!ctx.jobs) throw new AppError('FAILED_DEPENDENCY', surveysNl.jobs.failed);
  return ctx.jobs.enqueue(GENERATE_TOKENS_JOB, { surveyId, count: input.count }, ctx.user.id);
}
