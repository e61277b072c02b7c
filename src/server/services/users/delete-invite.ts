import { auditRow } from '../audit/audit-row';
import { and, eq } from 'drizzle-orm';
import { invites } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { UserServiceContext } from '../../context';
import { hasRole } from '../../../shared/permissions';
import { visibleInvites } from './invite-scope';

/** DELETE invite/{id}: withdraws the invitation; another company's invitation is a 404. */
export async function deleteInvite(ctx: UserServiceContext, id: number): Promise<void> {
  if (!hasRole(ctx.user, 'user.create')) throw new AppError('FORBIDDEN', nl.forbidden);
  const [invite] = await ctx.db.select({ email: invites.email, companyId: invites.companyId }).from(invites).where(and(eq(invites.id, id), visibleInvites(ctx.user)));
  if (!invite) throw new AppError('NOT_FOUND', nl.notFound);
  await ctx.db.batch([
    ctx.db.delete(invites).where(eq(invites.id, id)),
    auditRow(ctx, { action: 'invite.delete', resource: 'invite', resourceId: id, companyId: invite.companyId, summary: `Uitnodiging aan ${invite.email} ingetrokken` }),
  ]);
}
