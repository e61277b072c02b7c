import { asc, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { weightingResults, weightingSchemes } from '../../db/schema';
import type { WeightingSchemeDto } from '../../../shared/validation/weighting';
import { readAll } from '../../db/reads';
import { columnTextsRead } from '../report-data/column-texts';
import { findVisibleSurvey, requireSurveyRole } from '../surveys/scope';
import { presentScheme } from './present';
import { variableNamesRead } from './variable-names';

/** GET survey/{id}/weighting: the survey's schemes with their last result and status. */
export async function listSchemes(ctx: UserServiceContext, surveyId: number): Promise<WeightingSchemeDto[]> {
  requireSurveyRole(ctx.user, 'survey.edit');
  const survey = await findVisibleSurvey(ctx, surveyId);
  const schemes = await ctx.db.select().from(weightingSchemes).where(eq(weightingSchemes.surveyId, surveyId)).orderBy(asc(weightingSchemes.name), asc(weightingSchemes.id));
  if (!schemes.length) return [];
  const results = await ctx.db.select().from(weightingResults).where(inArray(weightingResults.schemeId, schemes.map((s) => s.id)));
  const byScheme = new Map(results.map((r) => [r.schemeId, r]));
  // The variables' names: column texts, panel fields and filter categories in one round trip.
  const [texts, names] = await readAll(ctx.db, [columnTextsRead(ctx.db, [surveyId], survey.baseLanguage), variableNamesRead(ctx.db, surveyId, { options: true })]);
  return schemes.map((s) => presentScheme(s, byScheme.get(s.id) ?? null, survey.responsesVersion, texts.get(surveyId)?.texts, names));
}
