import type { UserServiceContext } from '../../context';
import type { WeightingSchemeDto } from '../../../shared/validation/weighting';
import { loadColumnTexts } from '../report-data/column-texts';
import { loadResult } from './compute-result';
import { presentScheme } from './present';
import { findScheme } from './scope';

/** GET survey/{id}/weighting/{wid}. */
export async function getScheme(ctx: UserServiceContext, surveyId: number, wid: number): Promise<WeightingSchemeDto> {
  const { survey, scheme } = await findScheme(ctx, surveyId, wid);
  const [result, texts] = await Promise.all([loadResult(ctx.db, scheme.id), loadColumnTexts(ctx.db, surveyId, survey.baseLanguage)]);
  return presentScheme(scheme, result, survey.responsesVersion, texts.texts);
}
