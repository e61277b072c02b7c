import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterConditions, filterOptions } from '../../db/schema';
import { findOption, requireFilterRole } from './access';

/** DELETE filterCategory/{id}/filterOption/{id}, with its conditions. */
export async function deleteFilterOption(ctx: UserServiceContext, categoryId: number, optionId: number): Promise<void> {
  requireFilterRole(ctx.user, true);
  await findOption(ctx, categoryId, optionId);
  await ctx.db.batch([ctx.db.delete(filterConditions).where(eq(filterConditions.optionId, optionId)), ctx.db.delete(filterOptions).where(eq(filterOptions.id, optionId))]);
}
