import { eq, type SQL } from 'drizzle-orm';
import { invites } from '../../db/schema';
import type { SessionUser } from '../../auth/sessions';

/** Invitations a user may see and withdraw: their own company's; root users all. */
export function visibleInvites(user: SessionUser): SQL | undefined {
  if (user.isRoot) return undefined;
  return eq(invites.companyId, user.companyId ?? -1);
}

export const inviteColumns = {
  id: invites.id,
  company_id: invites.companyId,
  email: invites.email,
  fullname: invites.fullname,
  group_id: invites.groupId,
  expires_at: invites.expiresAt,
  accepted_at: invites.acceptedAt,
  created_at: invites.createdAt,
};
