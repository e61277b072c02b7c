import { auditRow } from '../audit/audit-row';
import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { users } from '../../db/schema';
import { findManagedUser } from './access';
import { getUser } from './get-user';

/** PUT user/{id}/restore (user.edit): an admin brings a soft-deleted user of their company back. */
export async function restoreUser(ctx: UserServiceContext, id: number) {
  const target = await findManagedUser(ctx, id, 'user.edit', { deleted: true });
  await ctx.db.batch([
    ctx.db.update(users).set({ deletedAt: null }).where(eq(users.id, id)),
    auditRow(ctx, { action: 'user.restore', resource: 'user', resourceId: id, companyId: target.companyId, summary: `Gebruiker hersteld: ${target.fullname}` }),
  ]);
  return getUser(ctx, id);
}
