import { auditRow } from '../audit/audit-row';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reports } from '../../db/schema';
import { findReport, requireReportRole } from './access';

/**
 * DELETE report/{id}: the report and its live variants are marked deleted with one deleted_at.
 * Their sections, charts, texts, widgets and bookmarks stay until an admin deletes the report for
 * good (admin/softDelete/report/delete), so a restore brings the report back whole.
 */
export async function deleteReport(ctx: UserServiceContext, reportId: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  const report = await findReport(ctx, reportId);
  await ctx.db.batch([
    ctx.db.update(reports).set({ deletedAt: ctx.now }).where(and(or(eq(reports.id, reportId), eq(reports.parentReportId, reportId)), isNull(reports.deletedAt))),
    auditRow(ctx, { action: 'report.delete', resource: 'report', resourceId: reportId, companyId: sql<number | null>`(select ${projects.companyId} from ${projects} where ${projects.id} = ${report.projectId})`, summary: `Rapportage verwijderd: ${report.title}` }),
  ]);
}
