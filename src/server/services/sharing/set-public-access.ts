import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reports } from '../../db/schema';
import { sharingNl } from '../../../shared/i18n/sharing';
import type { ShareInput } from '../../../shared/validation/sharing';
import { auditRow } from '../audit/audit-row';
import { findReport, requireReportRole } from '../reports/access';
import { getShareInfo } from './get-share-info';

/**
 * PUT report/{id}/share (dashboard.edit): public access on or off, from the 'Delen' dialog. Making
 * results readable without login is a decision about data leaving the organisation: audited.
 */
export async function setPublicAccess(ctx: UserServiceContext, reportId: number, input: ShareInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const report = await findReport(ctx, reportId);
  if (report.directAccess !== input.direct_access) {
    const [project] = await ctx.db.select({ companyId: projects.companyId }).from(projects).where(eq(projects.id, report.projectId));
    await ctx.db.batch([
      ctx.db.update(reports).set({ directAccess: input.direct_access }).where(eq(reports.id, reportId)),
      auditRow(ctx, {
        action: 'report.public',
        resource: 'report',
        resourceId: reportId,
        companyId: project?.companyId ?? null,
        summary: (input.direct_access ? sharingNl.audit.publicOn : sharingNl.audit.publicOff)(report.title),
      }),
    ]);
  }
  return getShareInfo(ctx, reportId);
}
