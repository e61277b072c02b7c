import { and, eq, isNull } from 'drizzle-orm';
import { panels, panelUsers } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { UserServiceContext } from '../../context';
import { hasRole } from '../../../shared/permissions';
import { removeMembers } from '../panels/remove-members';

/**
 * DELETE panel/{id}/user/{uid}: a member leaves ('Afmelden'), or a panel.edit user of the panel's
 * company removes a member. Anything else looks like a panel that doesn't exist (404). What the
 * panel held about the member goes with it (removeMembers); `account_closed` says whether the
 * member's respondent account was deleted too.
 */
export async function detachPanelUser(ctx: UserServiceContext, panelId: number, userId: number): Promise<{ account_closed: boolean }> {
  const self = userId === ctx.user.id;
  const [[panel], [member]] = await ctx.db.batch([
    ctx.db.select({ companyId: panels.companyId }).from(panels).where(and(eq(panels.id, panelId), isNull(panels.deletedAt))).limit(1),
    ctx.db.select({ userId: panelUsers.userId }).from(panelUsers).where(and(eq(panelUsers.panelId, panelId), eq(panelUsers.userId, userId))),
  ]);
  const manages = !!panel && hasRole(ctx.user, 'panel.edit') && (ctx.user.isRoot || panel.companyId === ctx.user.companyId);
  if (!panel || (!self && !manages) || !member) throw new AppError('NOT_FOUND', nl.notFound);
  const closed = await removeMembers({ db: ctx.db, jobs: ctx.jobs, now: ctx.now }, panelId, [userId]);
  return { account_closed: closed.includes(userId) };
}
