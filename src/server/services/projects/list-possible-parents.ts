import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects } from '../../db/schema';
import { findProject, requireProjectRole } from './access';
import { visibleProjects } from './scope';
import { projectAndDescendants } from './tree';

/**
 * GET project/{id}/possibleParents: projects of the same organisation the user may open, except
 * the project itself and everything below it (a parent can't become its own descendant).
 */
export async function listPossibleParents(ctx: UserServiceContext, projectId: number): Promise<{ id: number; title: string; parent_project_id: number | null }[]> {
  requireProjectRole(ctx.user, 'project.view');
  const project = await findProject(ctx, projectId);
  return ctx.db
    .select({ id: projects.id, title: projects.title, parent_project_id: projects.parentProjectId })
    .from(projects)
    .where(and(eq(projects.companyId, project.companyId), visibleProjects(ctx.user), notInArray(projects.id, projectAndDescendants(projectId))))
    .orderBy(asc(projects.title), asc(projects.id));
}
