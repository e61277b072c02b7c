import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { hasGroup } from '../../../shared/permissions';
import { checkRemoteUser, listRemoteUsers } from '../lime/remote-users';
import { findManagedUser, type UserRow } from './access';
import { getUser } from './get-user';

/**
 * PUT user/{id}/lime/{uid} (user.edit, group Admin): the user's id in the company's LimeSurvey
 * installation ('LimeSurvey koppeling'); null (DELETE user/{id}/lime) removes the coupling. An
 * Admin may set their own. With a connection for the user's company the id must exist there.
 */
export async function setLimeUser(ctx: UserServiceContext, id: number, limeUserId: number | null) {
  const target = await limeTarget(ctx, id);
  if (limeUserId !== null) await checkRemoteUser(ctx, target.companyId, limeUserId);
  await ctx.db.update(users).set({ limeUserId }).where(eq(users.id, id));
  return getUser(ctx, id);
}

/** GET user/{id}/lime/users: the installation's users to choose from (same rights as setting one). */
export async function listLimeUsersFor(ctx: UserServiceContext, id: number) {
  const target = await limeTarget(ctx, id);
  return listRemoteUsers(ctx, target.companyId);
}

/** Group Admin, and the user is oneself or one the actor manages. */
async function limeTarget(ctx: UserServiceContext, id: number): Promise<Pick<UserRow, 'companyId'>> {
  if (!hasGroup(ctx.user, 'Admin')) throw new AppError('FORBIDDEN', usersNl.limeAdminOnly);
  return id === ctx.user.id ? { companyId: ctx.user.companyId } : findManagedUser(ctx, id, 'user.edit');
}
