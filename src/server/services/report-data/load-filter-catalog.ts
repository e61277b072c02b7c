import { asc, inArray } from 'drizzle-orm';
import type { Cube, FilterCategory } from '../../analytics';
import type { UserServiceContext } from '../../context';
import { filterConditions } from '../../db/schema';
import { conditionsCompile } from '../filters/option-counts';
import { exposedOptions, reportCategories } from '../report-filters/catalog';

/**
 * The filter catalogue a report offers on one survey, as the engine's categories in menu order:
 * the report's attached categories or, when it has none, every project category of the survey
 * (report-filters/catalog.ts). Only exposed options count, so the data call refuses the others.
 * Like the filter lists (filters/option-counts.ts), an option whose conditions no longer fit the
 * cube matches nobody. `report` may be a bare project id (older callers): then the project's
 * categories of the survey.
 */
export async function loadFilterCatalog(ctx: UserServiceContext, report: number | { id: number; projectId: number }, surveyId: number, cube: Cube): Promise<FilterCategory[]> {
  const scope = typeof report === 'number' ? { id: 0, projectId: report } : report;
  const { categories } = await reportCategories(ctx, scope, [surveyId]);
  if (!categories.length) return [];
  const options = await exposedOptions(ctx, categories.map((c) => c.id));
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
