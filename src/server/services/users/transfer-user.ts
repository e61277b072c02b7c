import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { invites, projectUsers, reports, reportUsers, surveys, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { isPanelMemberGroup } from '../../../shared/permissions';
import { findDeletableUser, softDeleteStatements } from './delete-user';

/**
 * What a user owns and hands over (extend this list when a table gets an owner column; project
 * messages keep their author — a conversation's history is not rewritten): reports they made, surveys they own, their project memberships
 * (with the project role), the reports they were named reader of, and the invitations they sent.
 */
function transferStatements(ctx: UserServiceContext, from: number, to: number) {
  const { db } = ctx;
  return [
    db.update(reports).set({ createdBy: to }).where(eq(reports.createdBy, from)),
    db.update(surveys).set({ ownerId: to }).where(eq(surveys.ownerId, from)),
    // A project or report the colleague already has keeps the colleague's own row.
    db
      .insert(projectUsers)
      .select(
        db
          .select({ projectId: projectUsers.projectId, userId: sql<number>`${to}`.as('user_id'), projectRoleId: projectUsers.projectRoleId, createdAt: projectUsers.createdAt, updatedAt: sql<number>`${ctx.now.getTime()}`.as('updated_at') })
          .from(projectUsers)
          .where(eq(projectUsers.userId, from)),
      )
      .onConflictDoNothing(),
    db.delete(projectUsers).where(eq(projectUsers.userId, from)),
    db
      .insert(reportUsers)
      .select(db.select({ reportId: reportUsers.reportId, userId: sql<number>`${to}`.as('user_id'), createdAt: reportUsers.createdAt }).from(reportUsers).where(eq(reportUsers.userId, from)))
      .onConflictDoNothing(),
    db.delete(reportUsers).where(eq(reportUsers.userId, from)),
    db.update(invites).set({ invitedBy: to }).where(eq(invites.invitedBy, from)),
  ] as const;
}

/**
 * DELETE user/{id}/transfer/{tid} (user.edit): hands everything the user owns to a colleague of
 * the same company and soft-deletes the user, in one batch (one transaction): either all of it
 * happens or nothing does.
 */
export async function transferUser(ctx: UserServiceContext, id: number, toId: number) {
  const source = await findDeletableUser(ctx, id);
  if (toId === id) throw new AppError('VALIDATION', usersNl.transferSelf, { tid: [usersNl.transferSelf] });
  const [target] = await ctx.db
    .select({ id: users.id, companyId: users.companyId, fullname: users.fullname, groupId: users.groupId })
    .from(users)
    .where(and(eq(users.id, toId), isNull(users.deletedAt), ctx.user.isRoot ? undefined : eq(users.companyId, ctx.user.companyId ?? -1)));
  if (!target) throw new AppError('NOT_FOUND', nl.notFound);
  if (isPanelMemberGroup(target.groupId)) throw new AppError('VALIDATION', usersNl.panelMemberNotPickable, { tid: [usersNl.panelMemberNotPickable] });
  if (target.companyId !== source.companyId) throw new AppError('VALIDATION', usersNl.transferOtherCompany, { tid: [usersNl.transferOtherCompany] });
  await ctx.db.batch([...transferStatements(ctx, id, toId), ...softDeleteStatements(ctx, id, { fullname: `${source.fullname} (overgedragen aan ${target.fullname})`, companyId: source.companyId })]);
  return { id, transferred_to: { id: target.id, fullname: target.fullname } };
}
