import { asc, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { weightingResults, weightingSchemes } from '../../db/schema';
import type { WeightingSchemeDto } from '../../../shared/validation/weighting';
import { loadColumnTexts } from '../report-data/column-texts';
import { findVisibleSurvey, requireSurveyRole } from '../surveys/scope';
import { presentScheme } from './present';

/** GET survey/{id}/weighting: the survey's schemes with their last result and status. */
export async function listSchemes(ctx: UserServiceContext, surveyId: number): Promise<WeightingSchemeDto[]> {
  requireSurveyRole(ctx.user, 'survey.edit');
  const survey = await findVisibleSurvey(ctx, surveyId);
  const schemes = await ctx.db.select().from(weightingSchemes).where(eq(weightingSchemes.surveyId, surveyId)).orderBy(asc(weightingSchemes.name), asc(weightingSchemes.id));
  if (!schemes.length) return [];
  const results = await ctx.db.select().from(weightingResults).where(inArray(weightingResults.schemeId, schemes.map((s) => s.id)));
  const byScheme = new Map(results.map((r) => [r.schemeId, r]));
  const texts = await loadColumnTexts(ctx.db, surveyId, survey.baseLanguage);
  return schemes.map((s) => presentScheme(s, byScheme.get(s.id) ?? null, survey.responsesVersion, texts.texts));
}
