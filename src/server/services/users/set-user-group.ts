import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { GROUPS, groupName, isPanelMemberGroup } from '../../../shared/permissions';
import { auditRow } from '../audit/audit-row';
import { adminNl } from '../../../shared/i18n/admin';
import { assertNotSelf, findManagedUser, isDemo } from './access';
import { getUser } from './get-user';
import { assertGrantableGroup } from './grantable';

/**
 * PUT user/{id}/group/{g} (user.edit): moves a user one manages to a group with no more rights than
 * the actor's own. Nobody changes their own group; demo accounts stay Gebruiker. Admins must set
 * up two-factor authentication, so moving someone into Admin asks them to.
 */
export async function setUserGroup(ctx: UserServiceContext, id: number, groupId: number) {
  if (!Object.values(GROUPS).includes(groupId as never)) throw new AppError('NOT_FOUND', nl.notFound);
  const target = await findManagedUser(ctx, id, 'user.edit');
  assertNotSelf(ctx, id);
  assertGrantableGroup(ctx.user, groupId);
  if (isPanelMemberGroup(target.groupId)) throw new AppError('FORBIDDEN', usersNl.panelMemberNotStaff);
  if (isDemo(target) && groupId !== GROUPS.Gebruiker) throw new AppError('VALIDATION', usersNl.demoGroup, { group_id: [usersNl.demoGroup] });
  if (target.groupId !== groupId) {
    await ctx.db.batch([
      ctx.db.update(users).set({ groupId, mustEnable2fa: groupId === GROUPS.Admin }).where(eq(users.id, id)),
      auditRow(ctx, { action: 'group-change', resource: 'user', resourceId: id, companyId: target.companyId, summary: adminNl.audit.groupChanged(target.fullname, groupName(groupId) ?? String(groupId)) }),
    ]);
  }
  return getUser(ctx, id);
}
