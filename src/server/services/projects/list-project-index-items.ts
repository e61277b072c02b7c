import { asc } from 'drizzle-orm';
import { projects } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import { myProjects, visibleProjects } from './scope';

/**
 * GET project/index-items[/all]: id, title and parent of my projects (pickers), or of every
 * project the user may open (/all), by title.
 */
export async function listProjectIndexItems(ctx: UserServiceContext, all = false): Promise<{ id: number; title: string; parent_project_id: number | null }[]> {
  if (!hasRole(ctx.user, 'project.view')) throw new AppError('FORBIDDEN', nl.forbidden);
  return ctx.db
    .select({ id: projects.id, title: projects.title, parent_project_id: projects.parentProjectId })
    .from(projects)
    .where(all ? visibleProjects(ctx.user) : myProjects(ctx.user))
    .orderBy(asc(projects.title), asc(projects.id));
}
