import { auditRow } from '../audit/audit-row';
import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { themes } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { themesNl } from '../../../shared/i18n/themes';
import { MAX_IMAGE_BYTES, sniffImageType } from '../../files/image-type';
import { findTheme, presentTheme } from './access';
import { mergeThemeFields } from './fields';

export const themeImageKey = (themeId: number, uuid: string) => `themes/${themeId}/header/${uuid}`;

function fileStore(ctx: UserServiceContext) {
  const files = ctx.jobs?.files;
  if (!files) throw new AppError('FAILED_DEPENDENCY', themesNl.storageMissing);
  return files;
}

/**
 * POST theme/{id}/image (multipart `file`): the header image, ≤ 5 MB, PNG/JPEG/GIF/WebP by content
 * (SVG refused: it can carry script), stored in R2; the theme's headerImage points at it with a
 * version so browsers fetch the new one. The previous object is removed afterwards.
 */
export async function uploadThemeImage(ctx: UserServiceContext, id: number, file: File | null) {
  const theme = await findTheme(ctx, id, { manage: true });
  if (!file || file.size === 0) throw new AppError('VALIDATION', nl.validation, { file: [themesNl.imageMissing] });
  if (file.size > MAX_IMAGE_BYTES) throw new AppError('TOO_LARGE', nl.tooLarge);
  const type = sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type) throw new AppError('VALIDATION', nl.validation, { file: [themesNl.imageType] });
  const files = fileStore(ctx);
  const uuid = crypto.randomUUID();
  const key = themeImageKey(id, uuid);
  await files.put(key, file.stream(), type);
  const fields = mergeThemeFields(theme.fields, {});
  fields.headerImage = `/api/v2/theme/${id}/image?v=${uuid.slice(0, 8)}`;
  await ctx.db.batch([
    ctx.db.update(themes).set({ fields, headerImageKey: key, headerImageType: type }).where(eq(themes.id, id)),
    auditRow(ctx, { action: 'theme.update', resource: 'theme', resourceId: id, companyId: theme.companyId, summary: `Kopafbeelding van thema ${theme.name} vervangen` }),
  ]);
  if (theme.headerImageKey) await files.delete(theme.headerImageKey);
  return presentTheme({ ...theme, fields, headerImageKey: key, headerImageType: type });
}

/** DELETE theme/{id}/image: back to the inherited header image (by default /images/header.svg). */
export async function deleteThemeImage(ctx: UserServiceContext, id: number) {
  const theme = await findTheme(ctx, id, { manage: true });
  const { headerImage: _, ...fields } = theme.fields;
  await ctx.db.batch([
    ctx.db.update(themes).set({ fields, headerImageKey: null, headerImageType: null }).where(eq(themes.id, id)),
    auditRow(ctx, { action: 'theme.update', resource: 'theme', resourceId: id, companyId: theme.companyId, summary: `Kopafbeelding van thema ${theme.name} verwijderd` }),
  ]);
  if (theme.headerImageKey) await ctx.jobs?.files.delete(theme.headerImageKey);
  return presentTheme({ ...theme, fields, headerImageKey: null, headerImageType: null });
}

/** GET theme/{id}/image: any signed-in user who may see the theme. */
export async function getThemeImage(ctx: UserServiceContext, id: number) {
  const theme = await findTheme(ctx, id);
  const stored = theme.headerImageKey ? await ctx.jobs?.files.get(theme.headerImageKey) : null;
  if (!stored || !theme.headerImageType) throw new AppError('NOT_FOUND', themesNl.noImage);
  return { body: stored.body, size: stored.size, type: theme.headerImageType };
}
