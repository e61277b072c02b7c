import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { hasGroup } from '../../../shared/permissions';
import { findManagedUser } from './access';
import { getUser } from './get-user';

/**
 * PUT user/{id}/lime/{uid} (user.edit, group Admin): the user's id in the company's LimeSurvey
 * installation ('LimeSurvey koppeling'); null (DELETE user/{id}/lime) removes the coupling. An
 * Admin may set their own.
 */
export async function setLimeUser(ctx: UserServiceContext, id: number, limeUserId: number | null) {
  if (!hasGroup(ctx.user, 'Admin')) throw new AppError('FORBIDDEN', usersNl.limeAdminOnly);
  if (id !== ctx.user.id) await findManagedUser(ctx, id, 'user.edit');
  await ctx.db.update(users).set({ limeUserId }).where(eq(users.id, id));
  return getUser(ctx, id);
}
