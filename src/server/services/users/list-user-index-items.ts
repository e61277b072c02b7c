import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { users } from '../../db/schema';
import { requireUserRole, visibleUsers } from './access';

/**
 * GET user/index-items[/all] (user.view): id, name and company of the users for pickers; `all`
 * lists every company's users for root users and is the same as the plain list for others.
 */
export async function listUserIndexItems(ctx: UserServiceContext, opts: { all?: boolean; companyId?: number } = {}) {
  requireUserRole(ctx.user, 'user.view');
  const own = !opts.all && ctx.user.isRoot && ctx.user.companyId !== null ? eq(users.companyId, ctx.user.companyId) : undefined;
  return ctx.db
    .select({ id: users.id, fullname: users.fullname, email: users.email, company_id: users.companyId })
    .from(users)
    .where(and(visibleUsers(ctx.user), own, opts.companyId ? eq(users.companyId, opts.companyId) : undefined))
    .orderBy(asc(users.fullname), asc(users.id));
}
