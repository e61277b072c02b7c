import type { UserServiceContext } from '../../context';
import { AppError } from '../../errors';
import { getSurveyAdmin } from './get-survey-admin';

/** For the edit pages: the survey's admin view, or null when it doesn't exist or isn't the user's (→ 404). */
export async function loadSurveyPage(ctx: UserServiceContext, rawId: string | undefined) {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0) return null;
  try {
    return await getSurveyAdmin(ctx, id);
  } catch (err) {
    if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN')) return null;
    throw err;
  }
}
