import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterCategories } from '../../db/schema';
import type { FilterCategoryUpdate } from '../../../shared/validation/filters';
import { findCategory, requireFilterRole } from './access';
import { presentCategory } from './present';

/** PUT filterCategory/{id}: title and/or order. */
export async function updateFilterCategory(ctx: UserServiceContext, categoryId: number, input: FilterCategoryUpdate) {
  requireFilterRole(ctx.user, true);
  const current = await findCategory(ctx, categoryId);
  if (input.title === undefined && input.order === undefined) return presentCategory(current);
  const [row] = await ctx.db.update(filterCategories).set({ title: input.title, order: input.order }).where(eq(filterCategories.id, categoryId)).returning();
  return presentCategory(row!);
}
