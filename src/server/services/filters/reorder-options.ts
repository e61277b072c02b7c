import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterOptions } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { filtersNl } from '../../../shared/i18n/filters';
import type { FilterOptionOrderInput } from '../../../shared/validation/filters';
import { findCategory, requireFilterRole } from './access';

/**
 * PATCH filterCategory/{id}/filterOption/order { order: [ids] }: the listed options take places
 * 0…k−1, the unlisted ones follow in their current order, all in one batch. Ids of another
 * category → 422 and nothing changes.
 */
export async function reorderFilterOptions(ctx: UserServiceContext, categoryId: number, input: FilterOptionOrderInput) {
  requireFilterRole(ctx.user, true);
  await findCategory(ctx, categoryId);
  const current = await ctx.db.select({ id: filterOptions.id }).from(filterOptions).where(eq(filterOptions.categoryId, categoryId)).orderBy(asc(filterOptions.order), asc(filterOptions.id));
  const own = new Set(current.map((o) => o.id));
  const foreign = input.order.filter((id) => !own.has(id));
  if (foreign.length) throw new AppError('VALIDATION', nl.validation, { order: [filtersNl.notOfCategory(foreign)] });
  const listed = new Set(input.order);
  const ids = [...input.order, ...current.map((o) => o.id).filter((id) => !listed.has(id))];
  const [first, ...rest] = ids.map((id, i) => ctx.db.update(filterOptions).set({ order: i }).where(and(eq(filterOptions.id, id), eq(filterOptions.categoryId, categoryId))));
  await ctx.db.batch([first!, ...rest]);
  return ids.map((id, order) => ({ id, order }));
}
