import type { UserServiceContext } from '../../context';
import { AppError } from '../../errors';
import { adminNl } from '../../../shared/i18n/admin';
import { isPanelMemberGroup } from '../../../shared/permissions';
import { companyAdminRows } from '../companies/list-company-admins';
import { findReadableUser } from './access';

/** GET user/{id}/admin: the admins of the user's company ('Toon Beheerders'); staff names are not for panel members (403). */
export async function listUserAdmins(ctx: UserServiceContext, id: number) {
  if (isPanelMemberGroup(ctx.user.groupId)) throw new AppError('FORBIDDEN', adminNl.access.panelMember);
  const user = await findReadableUser(ctx, id);
  return user.companyId === null ? [] : companyAdminRows(ctx.db, user.companyId);
}
