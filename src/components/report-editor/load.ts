import { and, asc, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../server/context';
import { projects, projectSurveys, surveys, users } from '../../server/db/schema';
import { AppError } from '../../server/errors';
import { visibleProjects } from '../../server/services/projects/scope';
import { getReport } from '../../server/services/reports/get-report';
import { displayTitle } from '../../server/services/surveys/present';
import { pickableStaff } from '../../server/services/users/staff';
import { groupName } from '../../shared/permissions';

export type EditorReport = Awaited<ReturnType<typeof getReport>>;

/**
 * For the edit pages: the report (with `include`), or null when the id is not a number or the
 * report is not the user's (→ 404, the same answer as the API gives for another company's report).
 */
export async function loadEditorReport(ctx: UserServiceContext, rawId: string | undefined, include = ''): Promise<EditorReport | null> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0) return null;
  try {
    return await getReport(ctx, id, include);
  } catch (err) {
    if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN')) return null;
    throw err;
  }
}

/** id and title of every project the user may see (the project picker of a new report). */
export async function loadProjectChoices(ctx: UserServiceContext): Promise<{ id: number; title: string }[]> {
  return ctx.db.select({ id: projects.id, title: projects.title }).from(projects).where(visibleProjects(ctx.user)).orderBy(asc(projects.title), asc(projects.id));
}

/**
 * The surveys linked to a project the user may see (seed and response pickers), sorted by their
 * display title. Empty for a project outside the user's scope.
 */
export async function loadProjectSurveys(ctx: UserServiceContext, projectId: number): Promise<{ id: number; displayTitle: string }[]> {
  const rows = await ctx.db
    .select({ id: surveys.id, title: surveys.title, lsSid: surveys.lsSid })
    .from(projectSurveys)
    .innerJoin(surveys, eq(surveys.id, projectSurveys.surveyId))
    .innerJoin(projects, eq(projects.id, projectSurveys.projectId))
    .where(and(eq(projectSurveys.projectId, projectId), visibleProjects(ctx.user)));
  return rows.map((r) => ({ id: r.id, displayTitle: displayTitle(r) })).sort((a, b) => a.displayTitle.localeCompare(b.displayTitle, 'nl'));
}

/**
 * The staff of the company that owns the project (the possible explicit readers of its reports,
 * as PUT report/{id}/user/{uid} allows: pickableStaff), by name, with their group. Empty for a project outside the user's scope.
 */
export async function loadCompanyUsers(ctx: UserServiceContext, projectId: number): Promise<{ id: number; fullname: string; email: string; group: string | null }[]> {
  const rows = await ctx.db
    .select({ id: users.id, fullname: users.fullname, email: users.email, groupId: users.groupId })
    .from(users)
    .innerJoin(projects, eq(projects.companyId, users.companyId))
    .where(and(eq(projects.id, projectId), isNull(users.deletedAt), pickableStaff(ctx.now), visibleProjects(ctx.user)))
    .orderBy(asc(users.fullname), asc(users.id));
  return rows.map(({ groupId, ...r }) => ({ ...r, group: groupName(groupId) ?? null }));
}
