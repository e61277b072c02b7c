import { desc, eq, sql } from 'drizzle-orm';
import { licences, projects, projectStatuses, projectUsers } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import { licenceEndDateStyle } from './licence-status';
import { visibleProjects } from './scope';

export interface ProjectSummary {
  id: number;
  title: string;
  client: string;
  status: string;
  parent_project_id: number | null;
  usersCount: number;
  license_end_date: string | null;
  license_end_date_style: 'error' | 'warning' | null;
  updated_at: string;
}

/** The user's most recently updated projects (front page block, spec 000 §2.2). */
export async function listRecentProjects(ctx: UserServiceContext, limit: number): Promise<ProjectSummary[]> {
  if (!hasRole(ctx.user, 'project.access')) throw new AppError('FORBIDDEN', nl.forbidden);
  const rows = await ctx.db
    .select({
      id: projects.id,
      title: projects.title,
      client: projects.client,
      status: projectStatuses.name,
      parentProjectId: projects.parentProjectId,
      updatedAt: projects.updatedAt,
      usersCount: sql<number>`(select count(*) from ${projectUsers} where ${projectUsers.projectId} = ${projects.id})`,
      licenceEnd: sql<string | null>`(select max(${licences.endDate}) from ${licences} where ${licences.projectId} = ${projects.id})`,
    })
    .from(projects)
    .innerJoin(projectStatuses, eq(projectStatuses.id, projects.statusId))
    .where(visibleProjects(ctx.user))
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    client: r.client,
    status: r.status,
    parent_project_id: r.parentProjectId,
    usersCount: Number(r.usersCount),
    license_end_date: r.licenceEnd,
    license_end_date_style: licenceEndDateStyle(r.licenceEnd, ctx.now),
    updated_at: r.updatedAt.toISOString(),
  }));
}
