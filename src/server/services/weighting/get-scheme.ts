import type { UserServiceContext } from '../../context';
import type { WeightingSchemeDto } from '../../../shared/validation/weighting';
import { readAll } from '../../db/reads';
import { columnTextsRead } from '../report-data/column-texts';
import { loadResult } from './compute-result';
import { presentScheme } from './present';
import { findScheme } from './scope';
import { variableNamesRead } from './variable-names';

/** GET survey/{id}/weighting/{wid}. */
export async function getScheme(ctx: UserServiceContext, surveyId: number, wid: number): Promise<WeightingSchemeDto> {
  const { survey, scheme } = await findScheme(ctx, surveyId, wid);
  const [result, [texts, names]] = await Promise.all([
    loadResult(ctx.db, scheme.id),
    readAll(ctx.db, [columnTextsRead(ctx.db, [surveyId], survey.baseLanguage), variableNamesRead(ctx.db, surveyId, { options: true })]),
  ]);
  return presentScheme(scheme, result, survey.responsesVersion, texts.get(surveyId)?.texts, names);
}
