import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectUsers } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { projectsNl } from '../../../shared/i18n/projects';
import type { ProjectMembersInput } from '../../../shared/validation/projects';
import { requireProjectRole } from './access';
import { memberChecks, refusePanelMembers, requireRoles, writeMembers } from './members';

/** PUT project/{id}/user {users: [{user_id, project_role_id}]}: replaces the member list in one batch. */
export async function setProjectMembers(ctx: UserServiceContext, projectId: number, input: ProjectMembersInput) {
  requireProjectRole(ctx.user, 'project.edit');
  const userIds = input.users.map((u) => u.user_id);
  const roleIds = [...new Set(input.users.map((u) => u.project_role_id))];
  const checks = await memberChecks(ctx, projectId, userIds, roleIds);
  const strangers = userIds.filter((id) => !checks.ownUsers.has(id));
  if (strangers.length) throw new AppError('VALIDATION', nl.validation, { users: [projectsNl.usersNotOfCompany(strangers)] });
  refusePanelMembers(checks, userIds, 'users');
  requireRoles(checks, roleIds, 'users');
  const insert = input.users.length ? [ctx.db.insert(projectUsers).values(input.users.map((u) => ({ projectId, userId: u.user_id, projectRoleId: u.project_role_id })))] : [];
  return writeMembers(ctx, projectId, [ctx.db.delete(projectUsers).where(eq(projectUsers.projectId, projectId)), ...insert]);
}
