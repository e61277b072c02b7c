import { eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterCategories, filterConditions, filterOptions } from '../../db/schema';
import { findCategory, requireFilterRole } from './access';

/** DELETE filterCategory/{id}: its options and conditions go with it, in one batch. */
export async function deleteFilterCategory(ctx: UserServiceContext, categoryId: number): Promise<void> {
  requireFilterRole(ctx.user, true);
  await findCategory(ctx, categoryId);
  const options = ctx.db.select({ id: filterOptions.id }).from(filterOptions).where(eq(filterOptions.categoryId, categoryId));
  await ctx.db.batch([
    ctx.db.delete(filterConditions).where(inArray(filterConditions.optionId, options)),
    ctx.db.delete(filterOptions).where(eq(filterOptions.categoryId, categoryId)),
    ctx.db.delete(filterCategories).where(eq(filterCategories.id, categoryId)),
  ]);
}
