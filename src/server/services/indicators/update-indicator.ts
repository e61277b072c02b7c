import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { indicators } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { fieldErrors } from '../../http/body';
import { completeIndicator, type IndicatorUpdate } from '../../../shared/validation/indicators';
import { findIndicator, requireIndicatorRole } from './access';
import { checkIndicator } from './check-indicator';
import { evaluationDeps } from './evaluation-deps';
import { evaluateIndicators } from './evaluate-indicators';
import { getIndicator } from './get-indicator';

/**
 * PUT indicator/{id}: any field; the stored ones fill in the rest and the whole must still fit.
 * A changed definition starts afresh (state pending), so crossing the new threshold fires again.
 */
export async function updateIndicator(ctx: UserServiceContext, indicatorId: number, input: IndicatorUpdate) {
  requireIndicatorRole(ctx.user, 'notification.edit');
  const current = await findIndicator(ctx, indicatorId);
  const merged = {
    title: input.title ?? current.title,
    survey_id: input.survey_id ?? current.surveyId,
    metric: input.metric ?? current.metric,
    column_key: input.column_key !== undefined ? input.column_key : current.columnKey,
    answer_code: input.answer_code !== undefined ? input.answer_code : current.answerCode,
    filter_option_ids: input.filter_option_ids ?? current.filterOptionIds,
    comparator: input.comparator ?? current.comparator,
    threshold: input.threshold ?? current.threshold,
    start_date: input.start_date !== undefined ? input.start_date : current.startDate,
    end_date: input.end_date !== undefined ? input.end_date : current.endDate,
    active: input.active ?? current.active,
    weighting_id: input.weighting_id !== undefined ? input.weighting_id : current.weightingId,
  };
  const checked = completeIndicator.safeParse(merged);
  if (!checked.success) throw new AppError('VALIDATION', nl.validation, fieldErrors(checked.error));
  const question = merged.metric === 'responses' ? { columnKey: null, answerCode: null } : { columnKey: merged.column_key, answerCode: merged.metric === 'percentage' ? merged.answer_code : null };
  const definition = { surveyId: merged.survey_id, metric: merged.metric, ...question, filterOptionIds: merged.filter_option_ids, weightingId: merged.weighting_id };
  await checkIndicator(ctx, current.projectId, { ...definition, startDate: merged.start_date, endDate: merged.end_date });
  const changed =
    definition.surveyId !== current.surveyId || definition.metric !== current.metric || definition.columnKey !== current.columnKey || definition.answerCode !== current.answerCode ||
    JSON.stringify(definition.filterOptionIds) !== JSON.stringify(current.filterOptionIds) || merged.comparator !== current.comparator || merged.threshold !== current.threshold ||
    merged.start_date !== current.startDate || merged.end_date !== current.endDate || definition.weightingId !== current.weightingId;
  await ctx.db
    .update(indicators)
    .set({
      ...definition,
      title: merged.title,
      comparator: merged.comparator,
      threshold: merged.threshold,
      startDate: merged.start_date,
      endDate: merged.end_date,
      active: merged.active,
      ...(changed ? { state: 'pending' as const, lastValue: null, lastReason: null } : {}),
      updatedAt: ctx.now,
    })
    .where(eq(indicators.id, indicatorId));
  await evaluateIndicators(evaluationDeps(ctx), { indicatorIds: [indicatorId] });
  return getIndicator(ctx, indicatorId);
}
