import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { panelFieldOptions, panelFields } from '../../db/schema';
import { panelsNl } from '../../../shared/i18n/panels';
import type { OrderInput } from '../../../shared/validation/reports';
import { newOrder } from '../reports/reorder';
import { findPanel, requirePanelRole } from './access';
import { findField } from './panel-fields';

/** PATCH panel/{id}/field/order { order: [ids] }: one batch; ids of another panel → 422, nothing changes. */
export async function reorderPanelFields(ctx: UserServiceContext, panelId: number, input: OrderInput) {
  requirePanelRole(ctx.user, 'panel.edit');
  await findPanel(ctx, panelId);
  const current = await ctx.db.select({ id: panelFields.id }).from(panelFields).where(eq(panelFields.panelId, panelId)).orderBy(asc(panelFields.order), asc(panelFields.id));
  const ids = newOrder(current.map((r) => r.id), input.order, panelsNl.field);
  const [first, ...rest] = ids.map((id, i) => ctx.db.update(panelFields).set({ order: i }).where(and(eq(panelFields.id, id), eq(panelFields.panelId, panelId))));
  if (first) await ctx.db.batch([first, ...rest]);
  return ids.map((id, order) => ({ id, order }));
}

/** PATCH panel/{id}/field/{fid}/option/order: the same for a field's options. */
export async function reorderPanelOptions(ctx: UserServiceContext, panelId: number, fieldId: number, input: OrderInput) {
  requirePanelRole(ctx.user, 'panel.edit');
  await findField(ctx, panelId, fieldId);
  const current = await ctx.db.select({ id: panelFieldOptions.id }).from(panelFieldOptions).where(eq(panelFieldOptions.panelFieldId, fieldId)).orderBy(asc(panelFieldOptions.order), asc(panelFieldOptions.id));
  const ids = newOrder(current.map((r) => r.id), input.order, panelsNl.option);
  const [first, ...rest] = ids.map((id, i) => ctx.db.update(panelFieldOptions).set({ order: i }).where(and(eq(panelFieldOptions.id, id), eq(panelFieldOptions.panelFieldId, fieldId))));
  if (first) await ctx.db.batch([first, ...rest]);
  return ids.map((id, order) => ({ id, order }));
}
