import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectRoles, projects, projectUsers } from '../../db/schema';
import { visibleProjects } from '../projects/scope';
import { findReadableUser, requireUserRole } from './access';

/**
 * GET user/{id}/project (project.access): the projects the user is a member of, with their
 * project role, as far as the actor may see those projects. Another company's user is a 404.
 */
export async function listUserProjects(ctx: UserServiceContext, id: number) {
  requireUserRole(ctx.user, 'project.access');
  await findReadableUser(ctx, id);
  return ctx.db
    .select({
      id: projects.id,
      title: projects.title,
      client: projects.client,
      company_id: projects.companyId,
      parent_project_id: projects.parentProjectId,
      project_role_id: projectUsers.projectRoleId,
      project_role: projectRoles.name,
    })
    .from(projectUsers)
    .innerJoin(projects, eq(projects.id, projectUsers.projectId))
    .leftJoin(projectRoles, eq(projectRoles.id, projectUsers.projectRoleId))
    .where(and(eq(projectUsers.userId, id), visibleProjects(ctx.user)))
    .orderBy(asc(projects.title));
}
