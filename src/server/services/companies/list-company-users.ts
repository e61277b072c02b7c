import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, users } from '../../db/schema';
import { visibleUsers } from '../users/access';
import { userListColumns } from '../users/list-users';
import { staffAccount } from '../users/staff';
import { findCompany } from './access';

/** GET company/{id}/user[?include=logs] (company.view): the company's active staff (no panel members); logs adds the last login. */
export async function listCompanyUsers(ctx: UserServiceContext, id: number, includeLogs: boolean) {
  await findCompany(ctx, id, 'company.view');
  const rows = await ctx.db
    .select(userListColumns(ctx.now))
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, id), visibleUsers(ctx.user), staffAccount()))
    .orderBy(asc(users.fullname));
  return includeLogs ? rows : rows.map(({ last_login_at: _, ...row }) => row);
}
