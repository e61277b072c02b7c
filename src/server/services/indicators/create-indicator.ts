import type { UserServiceContext } from '../../context';
import { indicators } from '../../db/schema';
import type { IndicatorInput } from '../../../shared/validation/indicators';
import { findProject } from '../projects/access';
import { requireIndicatorRole } from './access';
import { checkIndicator } from './check-indicator';
import { evaluationDeps } from './evaluation-deps';
import { evaluateIndicators } from './evaluate-indicators';
import { getIndicator } from './get-indicator';

/** POST indicator: on a project the user may open and one of its surveys; evaluated at once. */
export async function createIndicator(ctx: UserServiceContext, input: IndicatorInput) {
  requireIndicatorRole(ctx.user, 'notification.create');
  await findProject(ctx, input.project_id);
  const question = input.metric === 'responses' ? { columnKey: null, answerCode: null } : { columnKey: input.column_key ?? null, answerCode: input.metric === 'percentage' ? (input.answer_code ?? null) : null };
  const definition = { surveyId: input.survey_id, metric: input.metric, ...question, filterOptionIds: input.filter_option_ids, weightingId: input.weighting_id ?? null };
  await checkIndicator(ctx, input.project_id, { ...definition, startDate: input.start_date ?? null, endDate: input.end_date ?? null });
  const [row] = await ctx.db
    .insert(indicators)
    .values({
      projectId: input.project_id,
      ...definition,
      title: input.title,
      comparator: input.comparator,
      threshold: input.threshold,
      startDate: input.start_date ?? null,
      endDate: input.end_date ?? null,
      active: input.active ?? true,
      createdBy: ctx.user.id,
    })
    .returning({ id: indicators.id });
  await evaluateIndicators(evaluationDeps(ctx), { indicatorIds: [row!.id] });
  return getIndicator(ctx, row!.id);
}
