import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { projects, projectStatuses, projectUsers, reports, users } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import { projectSummaryColumns, toProjectSummary, type ProjectSummary } from './project-summary';
import { visibleProjects } from './scope';

/** The project role whose members count as the project's admins ('Toon Beheerders'). */
const PROJECT_LEADER_ROLE = 1;

export interface ProjectListItem extends ProjectSummary {
  /** Reports of the project (not deleted; archived ones count). */
  reportsCount: number;
  /** Full names of the project leaders. */
  admins: string[];
}

export interface ListProjectsInput {
  /** All projects the user may see (root: every project, company admin: the company's). */
  all: boolean;
}

/** May this user switch to 'Toon alle projecten'? Only when 'all' is more than 'mine'. */
export const maySeeAllProjects = (user: UserServiceContext['user']) => user.isRoot || user.isCompanyAdmin;

const memberOf = (userId: number) =>
  sql`exists(select 1 from ${projectUsers} where ${projectUsers.projectId} = ${projects.id} and ${projectUsers.userId} = ${userId})`;

/**
 * GET project (spec 000 §2.9): my projects, or all visible ones. Sub-projects whose parent is
 * among my projects are left out: they are reached through their parent.
 */
export async function listProjects(ctx: UserServiceContext, input: ListProjectsInput): Promise<ProjectListItem[]> {
  if (!hasRole(ctx.user, 'project.view')) throw new AppError('FORBIDDEN', nl.forbidden);
  if (input.all && !maySeeAllProjects(ctx.user)) throw new AppError('FORBIDDEN', nl.forbidden);
  const scope = input.all ? visibleProjects(ctx.user) : and(visibleProjects(ctx.user), memberOf(ctx.user.id));
  const rows = await ctx.db
    .select({
      ...projectSummaryColumns,
      mine: sql<number>`${memberOf(ctx.user.id)}`,
      reportsCount: sql<number>`(select count(*) from ${reports} where ${reports.projectId} = ${projects.id} and ${reports.deletedAt} is null)`,
    })
    .from(projects)
    .innerJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
    .where(scope)
    .orderBy(desc(projects.updatedAt), desc(projects.id));
  const mine = new Set(rows.filter((r) => Number(r.mine) === 1).map((r) => r.id));
  const shown = rows.filter((r) => r.parentProjectId === null || !mine.has(r.parentProjectId));
  const leaders = shown.length
    ? await ctx.db
        .select({ projectId: projectUsers.projectId, fullname: users.fullname })
        .from(projectUsers)
        .innerJoin(users, eq(users.id, projectUsers.userId))
        .where(and(inArray(projectUsers.projectId, shown.map((r) => r.id)), eq(projectUsers.projectRoleId, PROJECT_LEADER_ROLE)))
        .orderBy(asc(users.fullname))
    : [];
  return shown.map((r) => ({
    ...toProjectSummary(r, ctx.now),
    reportsCount: Number(r.reportsCount),
    admins: leaders.filter((l) => l.projectId === r.id).map((l) => l.fullname),
  }));
}
