import type { UserServiceContext } from '../../context';
import { projectUsers } from '../../db/schema';
import type { ProjectMemberUpdate } from '../../../shared/validation/projects';
import { notFound, requireProjectRole } from './access';
import { memberChecks, refusePanelMembers, requireRoles, writeMembers } from './members';

/** Projectlid: the role a new member gets when none is named. */
export const DEFAULT_PROJECT_ROLE = 2;

/**
 * PUT project/{id}/user/{uid} [{project_role_id}]: adds the user as a member or changes their
 * role (idempotent). A user of another organisation is as absent as one that does not exist (404).
 */
export async function putProjectMember(ctx: UserServiceContext, projectId: number, userId: number, input: ProjectMemberUpdate) {
  requireProjectRole(ctx.user, 'project.edit');
  const roleId = input.project_role_id ?? DEFAULT_PROJECT_ROLE;
  const checks = await memberChecks(ctx, projectId, [userId], [roleId]);
  if (!checks.ownUsers.has(userId)) throw notFound();
  refusePanelMembers(checks, [userId]);
  requireRoles(checks, [roleId]);
  const keepRole = input.project_role_id === undefined && checks.members.has(userId);
  return writeMembers(ctx, projectId, [
    ctx.db
      .insert(projectUsers)
      .values({ projectId, userId, projectRoleId: roleId })
      .onConflictDoUpdate({ target: [projectUsers.projectId, projectUsers.userId], set: keepRole ? { updatedAt: ctx.now } : { projectRoleId: roleId, updatedAt: ctx.now } }),
  ]);
}
