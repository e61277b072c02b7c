import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { users } from '../../db/schema';
import { requireUserRole, visibleUsers } from './access';
import { pickableStaff } from './staff';
import { groupName } from '../../../shared/permissions';

/**
 * GET user/index-items[/all] (user.view): id, name, company and group of the users for pickers
 * (transfer targets, company admins) — staff only (pickableStaff: no panel members, Api users or
 * expired demo accounts); `all` lists every company's users for root users and is the same as
 * the plain list for others.
 */
export async function listUserIndexItems(ctx: UserServiceContext, opts: { all?: boolean; companyId?: number } = {}) {
  requireUserRole(ctx.user, 'user.view');
  const own = !opts.all && ctx.user.isRoot && ctx.user.companyId !== null ? eq(users.companyId, ctx.user.companyId) : undefined;
  const rows = await ctx.db
    .select({ id: users.id, fullname: users.fullname, email: users.email, company_id: users.companyId, group_id: users.groupId })
    .from(users)
    .where(and(visibleUsers(ctx.user), pickableStaff(ctx.now), own, opts.companyId ? eq(users.companyId, opts.companyId) : undefined))
    .orderBy(asc(users.fullname), asc(users.id));
  return rows.map((r) => ({ ...r, group: groupName(r.group_id) ?? null }));
}
