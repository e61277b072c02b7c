import { eq } from 'drizzle-orm';
import { qrCodePng } from '../../auth/qr-png';
import type { UserServiceContext } from '../../context';
import { panels } from '../../db/schema';
import { AppError } from '../../errors';
import { panelsNl } from '../../../shared/i18n/panels';
import { findPanel, requirePanelRole } from './access';
import { newPanelToken } from './create-panel';
import { presentPanel, registrationPath } from './present';

/** POST panel/{id}/token: a new registration code; the old link and QR code stop working at once. */
export async function regeneratePanelToken(ctx: UserServiceContext, panelId: number) {
  requirePanelRole(ctx.user, 'panel.edit');
  await findPanel(ctx, panelId);
  const [panel] = await ctx.db.update(panels).set(newPanelToken()).where(eq(panels.id, panelId)).returning();
  return presentPanel(panel!, { manage: true });
}

/** PUT panel/{id}/token { enabled }: registration and login by the panel's link switched on or off. */
export async function setPanelTokenEnabled(ctx: UserServiceContext, panelId: number, enabled: boolean) {
  requirePanelRole(ctx.user, 'panel.edit');
  await findPanel(ctx, panelId);
  const [panel] = await ctx.db.update(panels).set({ tokenEnabled: enabled }).where(eq(panels.id, panelId)).returning();
  return presentPanel(panel!, { manage: true });
}

/** GET panel/{id}/qr: the registration link (absolute, on this origin) as a QR code PNG. */
export async function panelQrCode(ctx: UserServiceContext, panelId: number, origin: string): Promise<Uint8Array> {
  requirePanelRole(ctx.user, 'panel.edit');
  const panel = await findPanel(ctx, panelId);
  if (!panel.token) throw new AppError('NOT_FOUND', panelsNl.base.noToken);
  if (!panel.tokenEnabled) throw new AppError('CONFLICT', panelsNl.base.disabled);
  return qrCodePng(`${origin}${registrationPath(panel.token)}`, 10);
}
