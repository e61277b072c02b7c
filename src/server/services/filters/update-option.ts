import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterOptions } from '../../db/schema';
import type { FilterOptionUpdate } from '../../../shared/validation/filters';
import { findOption, requireFilterRole } from './access';
import { presentOption } from './present';

/** PUT filterCategory/{id}/filterOption/{id}: label, exposed and/or order. */
export async function updateFilterOption(ctx: UserServiceContext, categoryId: number, optionId: number, input: FilterOptionUpdate) {
  requireFilterRole(ctx.user, true);
  const { category, option } = await findOption(ctx, categoryId, optionId);
  if (input.label === undefined && input.exposed === undefined && input.order === undefined) return presentOption(option, category);
  const [row] = await ctx.db.update(filterOptions).set({ label: input.label, exposed: input.exposed, order: input.order }).where(eq(filterOptions.id, optionId)).returning();
  return presentOption(row!, category);
}
