import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Cube, FilterCategory } from '../../analytics';
import type { UserServiceContext } from '../../context';
import { filterCategories, filterConditions, filterOptions } from '../../db/schema';
import { conditionsCompile } from '../filters/option-counts';

/**
 * The filter categories of (project, survey) as the engine's catalogue, in catalogue order. Like the
 * filter lists (filters/option-counts.ts), an option whose conditions no longer fit the cube matches nobody.
 */
export async function loadFilterCatalog(ctx: UserServiceContext, projectId: number, surveyId: number, cube: Cube): Promise<FilterCategory[]> {
  const categories = await ctx.db
    .select({ id: filterCategories.id })
    .from(filterCategories)
    .where(and(eq(filterCategories.projectId, projectId), eq(filterCategories.surveyId, surveyId)))
    .orderBy(asc(filterCategories.order), asc(filterCategories.id));
  if (!categories.length) return [];
  const options = await ctx.db
    .select({ id: filterOptions.id, categoryId: filterOptions.categoryId })
    .from(filterOptions)
    .where(inArray(filterOptions.categoryId, categories.map((c) => c.id)))
    .orderBy(asc(filterOptions.order), asc(filterOptions.id));
  const conditions = options.length
    ? await ctx.db.select().from(filterConditions).where(inArray(filterConditions.optionId, options.map((o) => o.id))).orderBy(asc(filterConditions.order), asc(filterConditions.id))
    : [];
  const catalog: FilterCategory[] = categories.map((c) => ({ id: c.id, options: [] }));
  const byCat = new Map(catalog.map((c) => [c.id, c]));
  for (const o of options) {
    const conds = conditions
      .filter((c) => c.optionId === o.id)
      .map((c) => ({ columnKey: c.columnKey, comparator: c.comparator, value: c.value, operator: c.operator }));
    byCat.get(o.categoryId)!.options.push({ id: o.id, categoryId: o.categoryId, conditions: conditionsCompile(cube, conds) === null ? conds : [] });
  }
  return catalog;
}
