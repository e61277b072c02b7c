import { and, eq, isNull } from 'drizzle-orm';
import { panels, panelUsers } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { UserServiceContext } from '../../context';
import { hasRole } from '../../../shared/permissions';

/**
 * DELETE panel/{id}/user/{uid}: a member leaves ('Afmelden'), or a panel.edit user of the panel's
 * company removes a member. Anything else looks like a panel that doesn't exist (404).
 */
export async function detachPanelUser(ctx: UserServiceContext, panelId: number, userId: number): Promise<void> {
  const self = userId === ctx.user.id;
  const [panel] = await ctx.db
    .select({ companyId: panels.companyId })
    .from(panels)
    .where(and(eq(panels.id, panelId), isNull(panels.deletedAt)))
    .limit(1);
  const manages = !!panel && hasRole(ctx.user, 'panel.edit') && (ctx.user.isRoot || panel.companyId === ctx.user.companyId);
  if (!panel || (!self && !manages)) throw new AppError('NOT_FOUND', nl.notFound);
  const result = await ctx.db.delete(panelUsers).where(and(eq(panelUsers.panelId, panelId), eq(panelUsers.userId, userId)));
  if (result.rowsAffected !== 1) throw new AppError('NOT_FOUND', nl.notFound);
}
