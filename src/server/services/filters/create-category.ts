import { eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterCategories } from '../../db/schema';
import type { FilterCategoryInput } from '../../../shared/validation/filters';
import { findLinkedSurvey, requireFilterRole } from './access';
import { presentCategory } from './present';

/** Next order number in the project (new categories go last). */
export async function nextCategoryOrder(ctx: UserServiceContext, projectId: number): Promise<number> {
  const [row] = await ctx.db.select({ max: sql<number | null>`max(${filterCategories.order})` }).from(filterCategories).where(eq(filterCategories.projectId, projectId));
  return (row?.max ?? -1) + 1;
}

/** POST project/{id}/survey/{sid}/filterCategory */
export async function createFilterCategory(ctx: UserServiceContext, projectId: number, surveyId: number, input: FilterCategoryInput) {
  requireFilterRole(ctx.user, true);
  await findLinkedSurvey(ctx, projectId, surveyId);
  const order = input.order ?? (await nextCategoryOrder(ctx, projectId));
  const [row] = await ctx.db.insert(filterCategories).values({ projectId, surveyId, title: input.title, order }).returning();
  return presentCategory(row!, []);
}
