import { auditRow } from '../audit/audit-row';
import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { panels, panelUsers } from '../../db/schema';
import { findPanel, requirePanelRole } from './access';
import { newPanelToken } from './create-panel';
import { removeMembers } from './remove-members';

/**
 * DELETE panel/{id}: a soft delete (the row stays for the admin's loose ends), but nothing
 * personal stays: every member is removed as if they left (removeMembers), the registration code
 * is replaced and switched off, the image is removed from storage.
 */
export async function deletePanel(ctx: UserServiceContext, panelId: number): Promise<void> {
  requirePanelRole(ctx.user, 'panel.edit');
  const panel = await findPanel(ctx, panelId);
  const members = await ctx.db.select({ id: panelUsers.userId }).from(panelUsers).where(eq(panelUsers.panelId, panelId));
  await removeMembers({ db: ctx.db, jobs: ctx.jobs, now: ctx.now }, panelId, members.map((m) => m.id));
  const { tokenHash } = newPanelToken();
  await ctx.db.batch([
    ctx.db.update(panels).set({ deletedAt: ctx.now, tokenHash, token: null, tokenEnabled: false, imageKey: null }).where(eq(panels.id, panelId)),
    auditRow(ctx, { action: 'panel.delete', resource: 'panel', resourceId: panelId, companyId: panel.companyId, summary: `Panel verwijderd met ${members.length} lid/leden: ${panel.name}` }),
  ]);
  if (panel.imageKey) await ctx.jobs?.files.delete(panel.imageKey);
}
