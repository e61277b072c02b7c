import { eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterOptions } from '../../db/schema';
import type { FilterOptionInput } from '../../../shared/validation/filters';
import { findCategory, requireFilterRole } from './access';
import { presentOption } from './present';

/** POST filterCategory/{id}/filterOption (new options go last). */
export async function createFilterOption(ctx: UserServiceContext, categoryId: number, input: FilterOptionInput) {
  requireFilterRole(ctx.user, true);
  const category = await findCategory(ctx, categoryId);
  const [max] = await ctx.db.select({ max: sql<number | null>`max(${filterOptions.order})` }).from(filterOptions).where(eq(filterOptions.categoryId, categoryId));
  const [row] = await ctx.db
    .insert(filterOptions)
    .values({ categoryId, label: input.label, exposed: input.exposed ?? true, order: input.order ?? (max?.max ?? -1) + 1 })
    .returning();
  return presentOption(row!, category, []);
}
