import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterCategories, filterConditions, filterOptions, projectSurveys, surveys } from '../../db/schema';
import { findFilterProject, requireFilterRole, type ConditionRow, type OptionRow } from './access';
import { optionCounts } from './option-counts';
import { type OptionCounts, presentCategory, presentOption } from './present';

/**
 * GET project/{id}/filterCategory[?include=filterOptions[.filterConditions]]: the project's
 * categories on its linked surveys, in order; options carry soloCount/combinedCount.
 */
export async function listFilterCategories(ctx: UserServiceContext, projectId: number, include = '') {
  requireFilterRole(ctx.user, false);
  await findFilterProject(ctx, projectId);
  const parts = new Set(include.split(',').map((s) => s.trim()));
  const withOptions = parts.has('filterOptions') || parts.has('filterOptions.filterConditions');
  const withConditions = parts.has('filterOptions.filterConditions');
  const categories = await ctx.db
    .select({ category: filterCategories })
    .from(filterCategories)
    .innerJoin(projectSurveys, and(eq(projectSurveys.projectId, filterCategories.projectId), eq(projectSurveys.surveyId, filterCategories.surveyId)))
    .innerJoin(surveys, and(eq(surveys.id, filterCategories.surveyId), isNull(surveys.deletedAt)))
    .where(eq(filterCategories.projectId, projectId))
    .orderBy(asc(filterCategories.order), asc(filterCategories.id))
    .then((rows) => rows.map((r) => r.category));
  if (!withOptions || !categories.length) return categories.map((c) => presentCategory(c));
  const options: OptionRow[] = await ctx.db
    .select()
    .from(filterOptions)
    .where(inArray(filterOptions.categoryId, categories.map((c) => c.id)))
    .orderBy(asc(filterOptions.order), asc(filterOptions.id));
  const conditions: ConditionRow[] = options.length
    ? await ctx.db.select().from(filterConditions).where(inArray(filterConditions.optionId, options.map((o) => o.id))).orderBy(asc(filterConditions.order), asc(filterConditions.id))
    : [];
  const counts = new Map<number, OptionCounts>();
  for (const surveyId of new Set(categories.map((c) => c.surveyId))) {
    const own = categories.filter((c) => c.surveyId === surveyId);
    for (const [id, n] of await optionCounts(ctx, surveyId, own, options, conditions)) counts.set(id, n);
  }
  return categories.map((cat) =>
    presentCategory(
      cat,
      options.filter((o) => o.categoryId === cat.id).map((o) => presentOption(o, cat, withConditions ? conditions.filter((c) => c.optionId === o.id) : undefined, counts.get(o.id))),
    ),
  );
}
