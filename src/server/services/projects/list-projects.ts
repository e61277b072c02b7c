import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { projects, projectStatuses, projectUsers, reports, users } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import { projectSummaryColumns, toProjectSummary, unreadMessages, type ProjectSummary } from './project-summary';
import { maySeeAllProjects, myProjects, visibleProjects } from './scope';

export { maySeeAllProjects } from './scope';

/** The project role whose members count as the project's admins ('Toon Beheerders', GET project/{id}/admin). */
export const PROJECT_LEADER_ROLE = 1;

export interface ProjectListItem extends ProjectSummary {
  /** Reports of the project (not deleted; archived ones count). */
  reportsCount: number;
  /** Full names of the project leaders. */
  admins: string[];
}

export interface ListProjectsInput {
  /** All projects the user may open (root users: every company's) instead of my projects. */
  all: boolean;
}

/**
 * GET project (spec 000 §2.9): my projects (scope.ts), or — root users — all projects. Sub-projects
 * whose parent is among my projects are left out: they are reached through their parent.
 */
export async function listProjects(ctx: UserServiceContext, input: ListProjectsInput): Promise<ProjectListItem[]> {
  if (!hasRole(ctx.user, 'project.view')) throw new AppError('FORBIDDEN', nl.forbidden);
  if (input.all && !maySeeAllProjects(ctx.user) && !ctx.user.isCompanyAdmin) throw new AppError('FORBIDDEN', nl.forbidden);
  const scope = input.all ? visibleProjects(ctx.user) : myProjects(ctx.user);
  // One round trip: the projects and the leaders of every project in scope.
  const [rows, leaders] = await ctx.db.batch([
    ctx.db
      .select({
        ...projectSummaryColumns,
        unreadMessages: unreadMessages(ctx.user.id),
        mine: sql<number>`(${myProjects(ctx.user)})`,
        reportsCount: sql<number>`(select count(*) from ${reports} where ${reports.projectId} = ${projects.id} and ${reports.deletedAt} is null)`,
      })
      .from(projects)
      .innerJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
      .where(scope)
      .orderBy(desc(projects.updatedAt), desc(projects.id)),
    ctx.db
      .select({ projectId: projectUsers.projectId, fullname: users.fullname })
      .from(projectUsers)
      .innerJoin(users, eq(users.id, projectUsers.userId))
      .innerJoin(projects, eq(projects.id, projectUsers.projectId))
      .where(and(scope, eq(projectUsers.projectRoleId, PROJECT_LEADER_ROLE)))
      .orderBy(asc(users.fullname)),
  ]);
  const mine = new Set(rows.filter((r) => Number(r.mine) === 1).map((r) => r.id));
  const shown = rows.filter((r) => r.parentProjectId === null || !mine.has(r.parentProjectId));
  return shown.map((r) => ({
    ...toProjectSummary(r, ctx.now),
    reportsCount: Number(r.reportsCount),
    admins: leaders.filter((l) => l.projectId === r.id).map((l) => l.fullname),
  }));
}
