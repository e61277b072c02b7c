import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Cube, FilterCategory } from '../../analytics';
import type { Db } from '../../db/client';
import { filterCategories, filterConditions, filterOptions } from '../../db/schema';
import { conditionsCompile } from '../filters/option-counts';

/**
 * The filter catalogue of a project on one survey as the engine's categories (every option, shown
 * in a report or not): an indicator may watch any of the project's filter options. An option whose
 * conditions no longer fit the cube matches nobody (as in the filter lists).
 */
export async function indicatorCatalog(db: Db, projectId: number, surveyId: number, cube?: Cube): Promise<FilterCategory[]> {
  const categories = await db
    .select({ id: filterCategories.id })
    .from(filterCategories)
    .where(and(eq(filterCategories.projectId, projectId), eq(filterCategories.surveyId, surveyId)))
    .orderBy(asc(filterCategories.order), asc(filterCategories.id));
  if (!categories.length) return [];
  const options = await db
    .select({ id: filterOptions.id, categoryId: filterOptions.categoryId })
    .from(filterOptions)
    .where(inArray(filterOptions.categoryId, categories.map((c) => c.id)))
    .orderBy(asc(filterOptions.order), asc(filterOptions.id));
  const conditions = options.length
    ? await db.select().from(filterConditions).where(inArray(filterConditions.optionId, options.map((o) => o.id))).orderBy(asc(filterConditions.order), asc(filterConditions.id))
    : [];
  const catalog: FilterCategory[] = categories.map((c) => ({ id: c.id, options: [] }));
  const byCat = new Map(catalog.map((c) => [c.id, c]));
  for (const o of options) {
    const conds = conditions.filter((c) => c.optionId === o.id).map((c) => ({ columnKey: c.columnKey, comparator: c.comparator, value: c.value, operator: c.operator }));
    byCat.get(o.categoryId)!.options.push({ id: o.id, categoryId: o.categoryId, conditions: !cube || conditionsCompile(cube, conds) === null ? conds : [] });
  }
  return catalog;
}
