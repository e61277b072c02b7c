import { desc } from 'drizzle-orm';
import { invites } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { UserServiceContext } from '../../context';
import { hasRole } from '../../../shared/permissions';
import { inviteColumns, visibleInvites } from './invite-scope';

/** GET invite: the invitations of the user's company, newest first. */
export async function listInvites(ctx: UserServiceContext) {
  if (!hasRole(ctx.user, 'user.create')) throw new AppError('FORBIDDEN', nl.forbidden);
  return ctx.db.select(inviteColumns).from(invites).where(visibleInvites(ctx.user)).orderBy(desc(invites.createdAt), desc(invites.id));
}
