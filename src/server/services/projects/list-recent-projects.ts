import { desc, eq } from 'drizzle-orm';
import { projects, projectStatuses } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import { projectSummaryColumns, toProjectSummary, unreadMessages, type ProjectSummary } from './project-summary';
import { visibleReportsCount } from './present';
import { myProjects } from './scope';
import { read, readOne } from '../../db/reads';

/** A front page card: the summary plus the reports the user can open (spec 000 §2.9 item fields). */
export type RecentProject = ProjectSummary & { reportsCount: number };

/** The user's most recently updated projects (front page block, spec 000 §2.2): "my projects", newest first. */
export async function listRecentProjects(ctx: UserServiceContext, limit: number): Promise<RecentProject[]> {
  return readOne(ctx.db, recentProjectsRead(ctx, limit));
}

/** listRecentProjects's query, to share a request's batch (db/reads.ts). */
export function recentProjectsRead(ctx: UserServiceContext, limit: number) {
  if (!hasRole(ctx.user, 'project.access')) throw new AppError('FORBIDDEN', nl.forbidden);
  const query = ctx.db
    .select({ ...projectSummaryColumns, unreadMessages: unreadMessages(ctx.user.id), reportsCount: visibleReportsCount(ctx.user) })
    .from(projects)
    .innerJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
    .where(myProjects(ctx.user))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(limit);
  return read([query], ([rows]): RecentProject[] => rows.map((r) => ({ ...toProjectSummary(r, ctx.now), reportsCount: Number(r.reportsCount) })));
}
