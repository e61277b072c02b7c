import type { UserServiceContext } from '../../context';
import { companyAdminRows } from '../companies/list-company-admins';
import { findReadableUser } from './access';

/** GET user/{id}/admin: the admins of the user's company ('Toon Beheerders'). */
export async function listUserAdmins(ctx: UserServiceContext, id: number) {
  const user = await findReadableUser(ctx, id);
  return user.companyId === null ? [] : companyAdminRows(ctx.db, user.companyId);
}
