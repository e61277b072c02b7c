import type { UserServiceContext } from '../../context';
import { AppError } from '../../errors';
import { reportsNl } from '../../../shared/i18n/reports';
import { findReport, requireReportRole } from './access';

/** GET report/{id}/image: the stored image as a stream with its sniffed type; 404 when there is none. */
export async function getReportImage(ctx: UserServiceContext, reportId: number) {
  requireReportRole(ctx.user, 'dashboard.view');
  const report = await findReport(ctx, reportId);
  const stored = report.imageKey && ctx.jobs?.files ? await ctx.jobs.files.get(report.imageKey) : null;
  if (!stored || !report.imageType) throw new AppError('NOT_FOUND', reportsNl.noImage);
  return { body: stored.body, size: stored.size, type: report.imageType };
}
