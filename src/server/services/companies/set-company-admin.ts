import { auditRow } from '../audit/audit-row';
import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companyAdmins, users } from '../../db/schema';
import { AppError } from '../../errors';
import { companiesNl } from '../../../shared/i18n/companies';
import { usersNl } from '../../../shared/i18n/users';
import { isPanelMemberGroup } from '../../../shared/permissions';
import { assertNotLastAdmin } from '../users/access';
import { findCompany } from './access';
import { companyAdminRows } from './list-company-admins';

/**
 * PUT/DELETE company/{id}/admin/{uid} (company.edit): makes an active user of the company its
 * admin, or ends that. Nobody removes themselves, a company keeps at least one admin, and demo
 * accounts never become admins. Answers the company's admins.
 */
export async function setCompanyAdmin(ctx: UserServiceContext, companyId: number, userId: number, admin: boolean) {
  await findCompany(ctx, companyId, 'company.edit', { manage: true });
  const [user] = await ctx.db
    .select({ id: users.id, demoExpiresAt: users.demoExpiresAt, groupId: users.groupId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), isNull(users.deletedAt)));
  if (admin) {
    if (!user) throw new AppError('VALIDATION', companiesNl.adminNotMember, { uid: [companiesNl.adminNotMember] });
    if (user.demoExpiresAt) throw new AppError('VALIDATION', usersNl.demoAdmin, { uid: [usersNl.demoAdmin] });
    if (isPanelMemberGroup(user.groupId)) throw new AppError('VALIDATION', usersNl.panelMemberNotPickable, { uid: [usersNl.panelMemberNotPickable] });
    await ctx.db.batch([
      ctx.db.insert(companyAdmins).values({ companyId, userId }).onConflictDoNothing(),
      auditRow(ctx, { action: 'company.admin.add', resource: 'user', resourceId: userId, companyId, summary: `Gebruiker ${userId} is beheerder van de organisatie geworden` }),
    ]);
  } else {
    if (userId === ctx.user.id) throw new AppError('CONFLICT', usersNl.selfDemote);
    await assertNotLastAdmin(ctx, companyId, userId);
    const [is] = await ctx.db.select({ userId: companyAdmins.userId }).from(companyAdmins).where(and(eq(companyAdmins.companyId, companyId), eq(companyAdmins.userId, userId)));
    if (!is) throw new AppError('NOT_FOUND', companiesNl.notAdmin);
    await ctx.db.batch([
      ctx.db.delete(companyAdmins).where(and(eq(companyAdmins.companyId, companyId), eq(companyAdmins.userId, userId))),
      auditRow(ctx, { action: 'company.admin.remove', resource: 'user', resourceId: userId, companyId, summary: `Gebruiker ${userId} is geen beheerder van de organisatie meer` }),
    ]);
  }
  return companyAdminRows(ctx.db, companyId);
}
