import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { panels, panelUsers } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { panelsNl } from '../../../shared/i18n/panels';
import { hasRole } from '../../../shared/permissions';
import { MAX_IMAGE_BYTES, sniffImageType } from '../../files/image-type';
import { findPanel, requirePanelRole } from './access';
import { ImageError, panelImagePng } from './panel-image-pixels';
import { presentPanel } from './present';

export const panelImageKey = (panelId: number, uuid: string) => `panels/${panelId}/image/${uuid}.png`;

function storage(ctx: UserServiceContext) {
  const files = ctx.jobs?.files;
  if (!files) throw new AppError('FAILED_DEPENDENCY', panelsNl.storageMissing);
  return files;
}

/**
 * POST panel/{id}/image (multipart field `file`, ≤ 5 MB → 413): PNG or JPEG by its first bytes
 * (anything else 422), decoded, fitted into 600 × 500 and stored as PNG in R2
 * (panels/{id}/image/{uuid}.png); the previous image is removed after the row points at the new one.
 */
export async function uploadPanelImage(ctx: UserServiceContext, panelId: number, file: File | null) {
  requirePanelRole(ctx.user, 'panel.edit');
  const panel = await findPanel(ctx, panelId);
  if (!file || file.size === 0) throw new AppError('VALIDATION', nl.validation, { file: [panelsNl.imageMissing] });
  if (file.size > MAX_IMAGE_BYTES) throw new AppError('TOO_LARGE', nl.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes.subarray(0, 16));
  if (type !== 'image/png' && type !== 'image/jpeg') throw new AppError('VALIDATION', nl.validation, { file: [panelsNl.imageType] });
  const files = storage(ctx);
  let result;
  try {
    result = panelImagePng(bytes, type);
  } catch (err) {
    if (!(err instanceof ImageError)) throw err;
    throw new AppError('VALIDATION', nl.validation, { file: [err.reason === 'too-big' ? panelsNl.imageTooBig : panelsNl.imageBroken] });
  }
  const key = panelImageKey(panelId, crypto.randomUUID());
  await files.put(key, result.png, 'image/png');
  const [updated] = await ctx.db.update(panels).set({ imageKey: key }).where(eq(panels.id, panelId)).returning();
  if (panel.imageKey) await files.delete(panel.imageKey);
  return { ...presentPanel(updated!, { manage: true }), width: result.width, height: result.height, size: result.png.length };
}

/** DELETE panel/{id}/image: back to the default logo. */
export async function deletePanelImage(ctx: UserServiceContext, panelId: number) {
  requirePanelRole(ctx.user, 'panel.edit');
  const panel = await findPanel(ctx, panelId);
  if (!panel.imageKey) throw new AppError('NOT_FOUND', nl.notFound);
  const [updated] = await ctx.db.update(panels).set({ imageKey: null }).where(eq(panels.id, panelId)).returning();
  await storage(ctx).delete(panel.imageKey);
  return presentPanel(updated!, { manage: true });
}

/** GET panel/{id}/image: for whoever sees the panel (panel.view of its organisation) and for its members. */
export async function getPanelImage(ctx: UserServiceContext, panelId: number) {
  let key: string | null = null;
  if (hasRole(ctx.user, 'panel.view')) key = (await findPanel(ctx, panelId).catch(() => null))?.imageKey ?? null;
  if (!key) {
    const [row] = await ctx.db
      .select({ key: panels.imageKey })
      .from(panelUsers)
      .innerJoin(panels, and(eq(panels.id, panelUsers.panelId), isNull(panels.deletedAt)))
      .where(and(eq(panelUsers.panelId, panelId), eq(panelUsers.userId, ctx.user.id)));
    key = row?.key ?? null;
  }
  const image = key ? await storage(ctx).get(key) : null;
  if (!image) throw new AppError('NOT_FOUND', nl.notFound);
  return image;
}
