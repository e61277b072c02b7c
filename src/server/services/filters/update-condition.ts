import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterConditions } from '../../db/schema';
import type { FilterConditionUpdate } from '../../../shared/validation/filters';
import { findCondition, requireFilterRole } from './access';
import { checkConditionAgainstCube, type ConditionFields } from './check-condition';
import { presentCondition } from './present';

/** PUT …/filterCondition/{id}: the given fields change; the result is checked as a whole. */
export async function updateFilterCondition(ctx: UserServiceContext, categoryId: number, optionId: number, conditionId: number, input: FilterConditionUpdate) {
  requireFilterRole(ctx.user, true);
  const { category, condition } = await findCondition(ctx, categoryId, optionId, conditionId);
  const fields: ConditionFields = {
    columnKey: input.column_key ?? condition.columnKey,
    comparator: input.comparator ?? condition.comparator,
    value: input.value ?? condition.value,
    operator: input.operator ?? condition.operator,
  };
  await checkConditionAgainstCube(ctx, category.surveyId, fields);
  const [row] = await ctx.db.update(filterConditions).set({ ...fields, order: input.order ?? condition.order }).where(eq(filterConditions.id, conditionId)).returning();
  return presentCondition(row!);
}
