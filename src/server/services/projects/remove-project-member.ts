import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectUsers } from '../../db/schema';
import { notFound, requireProjectRole } from './access';
import { memberChecks, writeMembers } from './members';

/** DELETE project/{id}/user/{uid}: the user is no longer a member (404 when they were not one). */
export async function removeProjectMember(ctx: UserServiceContext, projectId: number, userId: number) {
  requireProjectRole(ctx.user, 'project.edit');
  const checks = await memberChecks(ctx, projectId, [userId], []);
  if (!checks.members.has(userId)) throw notFound();
  return writeMembers(ctx, projectId, [ctx.db.delete(projectUsers).where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId)))]);
}
