import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterCategories } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { filtersNl } from '../../../shared/i18n/filters';
import type { FilterCategoryOrderInput } from '../../../shared/validation/filters';
import { findFilterProject, requireFilterRole } from './access';

/**
 * PATCH project/{id}/filterCategory/order { order: [ids] }: the listed categories take places
 * 0…k−1, the others follow in their current order, in one batch. Ids of another project → 422
 * and nothing changes (the same rule as the options' order patch).
 */
export async function reorderFilterCategories(ctx: UserServiceContext, projectId: number, input: FilterCategoryOrderInput) {
  requireFilterRole(ctx.user, true);
  await findFilterProject(ctx, projectId);
  const current = await ctx.db
    .select({ id: filterCategories.id })
    .from(filterCategories)
    .where(eq(filterCategories.projectId, projectId))
    .orderBy(asc(filterCategories.order), asc(filterCategories.id));
  const own = new Set(current.map((c) => c.id));
  const foreign = input.order.filter((id) => !own.has(id));
  if (foreign.length) throw new AppError('VALIDATION', nl.validation, { order: [filtersNl.categoryNotOfProject(foreign)] });
  const listed = new Set(input.order);
  const ids = [...input.order, ...current.map((c) => c.id).filter((id) => !listed.has(id))];
  const [first, ...rest] = ids.map((id, i) => ctx.db.update(filterCategories).set({ order: i }).where(and(eq(filterCategories.id, id), eq(filterCategories.projectId, projectId))));
  await ctx.db.batch([first!, ...rest]);
  return ids.map((id, order) => ({ id, order }));
}
