import { asc } from 'drizzle-orm';
import { projects } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import { visibleProjects } from './scope';

/** GET project/index-items: id and title of every project the user can see (pickers). */
export async function listProjectIndexItems(ctx: UserServiceContext): Promise<{ id: number; title: string }[]> {
  if (!hasRole(ctx.user, 'project.view')) throw new AppError('FORBIDDEN', nl.forbidden);
  return ctx.db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(visibleProjects(ctx.user))
    .orderBy(asc(projects.title), asc(projects.id));
}
