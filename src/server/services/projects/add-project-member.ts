import type { UserServiceContext } from '../../context';
import { projectUsers } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { projectsNl } from '../../../shared/i18n/projects';
import type { ProjectMemberInput } from '../../../shared/validation/projects';
import { requireProjectRole } from './access';
import { memberChecks, refusePanelMembers, requireRoles, writeMembers } from './members';

/**
 * POST project/{id}/user {user_id, project_role_id}: a user of the project's organisation becomes
 * a member; membership opens the project's reports at once (readers: the published ones).
 */
export async function addProjectMember(ctx: UserServiceContext, projectId: number, input: ProjectMemberInput) {
  requireProjectRole(ctx.user, 'project.edit');
  const checks = await memberChecks(ctx, projectId, [input.user_id], [input.project_role_id]);
  if (!checks.ownUsers.has(input.user_id)) throw new AppError('VALIDATION', nl.validation, { user_id: [projectsNl.userNotOfCompany] });
  refusePanelMembers(checks, [input.user_id]);
  requireRoles(checks, [input.project_role_id]);
  if (checks.members.has(input.user_id)) throw new AppError('CONFLICT', projectsNl.alreadyMember);
  return writeMembers(ctx, projectId, [ctx.db.insert(projectUsers).values({ projectId, userId: input.user_id, projectRoleId: input.project_role_id })]);
}
