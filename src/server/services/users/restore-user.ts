import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { users } from '../../db/schema';
import { findManagedUser } from './access';
import { getUser } from './get-user';

/** PUT user/{id}/restore (user.edit): an admin brings a soft-deleted user of their company back. */
export async function restoreUser(ctx: UserServiceContext, id: number) {
  await findManagedUser(ctx, id, 'user.edit', { deleted: true });
  await ctx.db.update(users).set({ deletedAt: null }).where(eq(users.id, id));
  return getUser(ctx, id);
}
