import { and, asc, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { companyAdmins, users } from '../../db/schema';
import { findCompany } from './access';

/** The active admins of a company (a query builder, so it can join a batch). */
export function companyAdminRows(db: Db, companyId: number) {
  return db
    .select({ id: users.id, fullname: users.fullname, email: users.email })
    .from(companyAdmins)
    .innerJoin(users, eq(users.id, companyAdmins.userId))
    .where(and(eq(companyAdmins.companyId, companyId), isNull(users.deletedAt)))
    .orderBy(asc(users.fullname));
}

/** GET company/{id}/admin (company.view): the company's admins. */
export async function listCompanyAdmins(ctx: UserServiceContext, id: number) {
  await findCompany(ctx, id, 'company.view');
  return companyAdminRows(ctx.db, id);
}
