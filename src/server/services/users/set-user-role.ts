import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { roles, userRoles } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { assertNotSelf, findManagedUser, isDemo } from './access';
import { getUser } from './get-user';
import { assertGrantableRole } from './grantable';
import { auditRow } from '../audit/audit-row';
import { adminNl } from '../../../shared/i18n/admin';
import { usersNl } from '../../../shared/i18n/users';
import { isPanelMemberGroup } from '../../../shared/permissions';

/**
 * PUT/DELETE user/{id}/role/{rid} (user.edit): attaches or detaches a role of a user one manages.
 * Only roles the actor holds can be given or taken; demo accounts only get read roles; nobody
 * changes their own roles. Answers the user with their roles.
 */
export async function setUserRole(ctx: UserServiceContext, id: number, roleId: number, attach: boolean) {
  const target = await findManagedUser(ctx, id, 'user.edit');
  assertNotSelf(ctx, id);
  if (isPanelMemberGroup(target.groupId)) throw new AppError('FORBIDDEN', usersNl.panelMemberNotStaff);
  const [role] = await ctx.db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw new AppError('NOT_FOUND', nl.notFound);
  assertGrantableRole(ctx.user, role.name, attach && isDemo(target));
  const change = attach
    ? ctx.db.insert(userRoles).values({ userId: id, roleId }).onConflictDoNothing()
    : ctx.db.delete(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.roleId, roleId)));
  await ctx.db.batch([
    change,
    auditRow(ctx, { action: attach ? 'role-grant' : 'role-revoke', resource: 'user', resourceId: id, companyId: target.companyId, summary: adminNl.audit.roleChanged(target.fullname, role.name, attach) }),
  ]);
  return getUser(ctx, id);
}
