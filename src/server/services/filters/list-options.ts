import { asc, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterConditions, filterOptions } from '../../db/schema';
import { findCategory, requireFilterRole } from './access';
import { optionCounts } from './option-counts';
import { presentOption } from './present';

/** GET filterCategory/{id}/filterOption: the options with their conditions and counts. */
export async function listFilterOptions(ctx: UserServiceContext, categoryId: number) {
  requireFilterRole(ctx.user, false);
  const category = await findCategory(ctx, categoryId);
  const options = await ctx.db.select().from(filterOptions).where(eq(filterOptions.categoryId, categoryId)).orderBy(asc(filterOptions.order), asc(filterOptions.id));
  const conditions = options.length
    ? await ctx.db.select().from(filterConditions).where(inArray(filterConditions.optionId, options.map((o) => o.id))).orderBy(asc(filterConditions.order), asc(filterConditions.id))
    : [];
  const counts = await optionCounts(ctx, category.surveyId, [category], options, conditions);
  return options.map((o) => presentOption(o, category, conditions.filter((c) => c.optionId === o.id), counts.get(o.id)));
}
