import { and, eq, isNull } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { UserServiceContext } from '../../context';
import { filterCategories, filterConditions, filterOptions, projects, projectSurveys, surveys } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { hasRole, type Role } from '../../../shared/permissions';
import { visibleProjects } from '../projects/scope';

export type CategoryRow = typeof filterCategories.$inferSelect;
export type OptionRow = typeof filterOptions.$inferSelect;
export type ConditionRow = typeof filterConditions.$inferSelect;

/** Reading filters needs project.view, changing them project.edit (the route guard says the same). */
export function requireFilterRole(user: SessionUser, write: boolean): void {
  const role: Role = write ? 'project.edit' : 'project.view';
  if (!hasRole(user, role)) throw new AppError('FORBIDDEN', nl.forbidden);
}

const notFound = () => new AppError('NOT_FOUND', nl.notFound);

/** The project if the user may see it (visibleProjects), else 404. */
export async function findFilterProject(ctx: UserServiceContext, projectId: number) {
  const [row] = await ctx.db.select({ id: projects.id }).from(projects).where(and(eq(projects.id, projectId), visibleProjects(ctx.user)));
  if (!row) throw notFound();
  return row;
}

/** The survey if it is linked to the (visible) project and not deleted, else 404. */
export async function findLinkedSurvey(ctx: UserServiceContext, projectId: number, surveyId: number) {
  await findFilterProject(ctx, projectId);
  const [row] = await ctx.db
    .select({ id: surveys.id, version: surveys.responsesVersion })
    .from(projectSurveys)
    .innerJoin(surveys, eq(surveys.id, projectSurveys.surveyId))
    .where(and(eq(projectSurveys.projectId, projectId), eq(projectSurveys.surveyId, surveyId), isNull(surveys.deletedAt)));
  if (!row) throw notFound();
  return row;
}

/** A filter category of a visible project whose survey is still linked to it, else 404. */
export async function findCategory(ctx: UserServiceContext, categoryId: number): Promise<CategoryRow> {
  const [row] = await ctx.db
    .select({ category: filterCategories })
    .from(filterCategories)
    .innerJoin(projects, eq(projects.id, filterCategories.projectId))
    .innerJoin(projectSurveys, and(eq(projectSurveys.projectId, filterCategories.projectId), eq(projectSurveys.surveyId, filterCategories.surveyId)))
    .innerJoin(surveys, and(eq(surveys.id, filterCategories.surveyId), isNull(surveys.deletedAt)))
    .where(and(eq(filterCategories.id, categoryId), visibleProjects(ctx.user)));
  if (!row) throw notFound();
  return row.category;
}

export async function findOption(ctx: UserServiceContext, categoryId: number, optionId: number): Promise<{ category: CategoryRow; option: OptionRow }> {
  const category = await findCategory(ctx, categoryId);
  const [option] = await ctx.db.select().from(filterOptions).where(and(eq(filterOptions.id, optionId), eq(filterOptions.categoryId, categoryId)));
  if (!option) throw notFound();
  return { category, option };
}

export async function findCondition(ctx: UserServiceContext, categoryId: number, optionId: number, conditionId: number) {
  const found = await findOption(ctx, categoryId, optionId);
  const [condition] = await ctx.db.select().from(filterConditions).where(and(eq(filterConditions.id, conditionId), eq(filterConditions.optionId, optionId)));
  if (!condition) throw notFound();
  return { ...found, condition };
}
