import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reports } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { reportsNl } from '../../../shared/i18n/reports';
import { findReport, requireReportRole } from './access';
import { MAX_IMAGE_BYTES, sniffImageType } from '../../files/image-type';

export const reportImageKey = (reportId: number, uuid: string) => `reports/${reportId}/image/${uuid}`;

/**
 * POST report/{id}/image (multipart field `file`): ≤ 5 MB (413), content sniffed as PNG, JPEG, GIF
 * or WebP (422 otherwise), streamed to FILES under reports/{id}/image/{uuid}. It replaces the
 * report's previous image, whose object is removed after the row points at the new one.
 */
export async function uploadReportImage(ctx: UserServiceContext, reportId: number, file: File | null) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const report = await findReport(ctx, reportId);
  if (!file || file.size === 0) throw new AppError('VALIDATION', nl.validation, { file: [reportsNl.imageMissing] });
  if (file.size > MAX_IMAGE_BYTES) throw new AppError('TOO_LARGE', nl.tooLarge);
  const type = sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type) throw new AppError('VALIDATION', nl.validation, { file: [reportsNl.imageType] });
  const files = ctx.jobs?.files;
  if (!files) throw new AppError('FAILED_DEPENDENCY', reportsNl.storageMissing);
  const key = reportImageKey(reportId, crypto.randomUUID());
  await files.put(key, file.stream(), type);
  await ctx.db.update(reports).set({ imageKey: key, imageType: type }).where(eq(reports.id, reportId));
  if (report.imageKey) await files.delete(report.imageKey);
  return { image_url: `/portal/api/v2/report/${reportId}/image`, content_type: type, size: file.size };
}
