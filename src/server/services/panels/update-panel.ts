import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { panels } from '../../db/schema';
import type { PanelUpdate } from '../../../shared/validation/panels';
import { findPanel, requirePanelRole } from './access';
import { presentPanel } from './present';

/** PUT panel/{id}: name and description. */
export async function updatePanel(ctx: UserServiceContext, panelId: number, input: PanelUpdate) {
  requirePanelRole(ctx.user, 'panel.edit');
  const panel = await findPanel(ctx, panelId);
  const set = { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.description !== undefined ? { description: input.description } : {}) };
  const [updated] = Object.keys(set).length ? await ctx.db.update(panels).set(set).where(and(eq(panels.id, panelId))).returning() : [panel];
  return presentPanel(updated!, { manage: true });
}
