import { eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterConditions } from '../../db/schema';
import type { FilterConditionInput } from '../../../shared/validation/filters';
import { findOption, requireFilterRole } from './access';
import { checkConditionAgainstCube, type ConditionFields } from './check-condition';
import { presentCondition } from './present';

/** POST filterCategory/{id}/filterOption/{id}/filterCondition (new conditions go last). */
export async function createFilterCondition(ctx: UserServiceContext, categoryId: number, optionId: number, input: FilterConditionInput) {
  requireFilterRole(ctx.user, true);
  const { category } = await findOption(ctx, categoryId, optionId);
  const fields: ConditionFields = { columnKey: input.column_key, comparator: input.comparator, value: input.value, operator: input.operator ?? 'and' };
  await checkConditionAgainstCube(ctx, category.surveyId, fields);
  const [max] = await ctx.db.select({ max: sql<number | null>`max(${filterConditions.order})` }).from(filterConditions).where(eq(filterConditions.optionId, optionId));
  const [row] = await ctx.db.insert(filterConditions).values({ optionId, ...fields, order: input.order ?? (max?.max ?? -1) + 1 }).returning();
  return presentCondition(row!);
}
