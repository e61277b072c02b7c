import { auditRow } from '../audit/audit-row';
import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { sessions, twoFactorChallenges, users } from '../../db/schema';
import { usersNl } from '../../../shared/i18n/users';
import { assertNotLastAdmin, assertNotSelf, findManagedUser, type UserRow } from './access';

/** The statements that soft-delete a user and end every way they are signed in, with the audit row. */
export function softDeleteStatements(ctx: UserServiceContext, userId: number, target: Pick<UserRow, 'fullname' | 'companyId'>) {
  return [
    auditRow(ctx, { action: 'user.delete', resource: 'user', resourceId: userId, companyId: target.companyId, summary: `Gebruiker verwijderd: ${target.fullname}` }),
    ctx.db.update(users).set({ deletedAt: ctx.now }).where(eq(users.id, userId)),
    ctx.db.delete(sessions).where(eq(sessions.userId, userId)),
    ctx.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId)),
  ] as const;
}

/** The checks before a user may go: managed by the actor, not the actor, not the company's last admin. */
export async function findDeletableUser(ctx: UserServiceContext, id: number): Promise<UserRow> {
  const target = await findManagedUser(ctx, id, 'user.edit');
  assertNotSelf(ctx, id, usersNl.selfDelete);
  await assertNotLastAdmin(ctx, target.companyId, id);
  return target;
}

/**
 * DELETE user/{id} (user.edit): soft delete — the row stays (restorable by an admin), the user's
 * sessions end at once and their API tokens stop working (a deleted owner never authenticates).
 */
export async function deleteUser(ctx: UserServiceContext, id: number): Promise<void> {
  const target = await findDeletableUser(ctx, id);
  await ctx.db.batch([...softDeleteStatements(ctx, id, target)]);
}
