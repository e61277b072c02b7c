import { eq, inArray, or } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportBookmarks, reports } from '../../db/schema';
import { contentDeleteStatements } from './content-delete';
import { findReport, requireReportRole } from './access';

/**
 * DELETE report/{id}: the report and its variants are marked deleted (kept for the admin's loose
 * ends) and their sections, charts, data locations, chart options, texts, widgets and bookmarks
 * are removed, in one batch.
 */
export async function deleteReport(ctx: UserServiceContext, reportId: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findReport(ctx, reportId);
  const tree = ctx.db.select({ id: reports.id }).from(reports).where(or(eq(reports.id, reportId), eq(reports.parentReportId, reportId)));
  await ctx.db.batch([
    ctx.db.update(reports).set({ deletedAt: ctx.now }).where(or(eq(reports.id, reportId), eq(reports.parentReportId, reportId))),
    ...contentDeleteStatements(ctx.db, tree),
    ctx.db.delete(reportBookmarks).where(inArray(reportBookmarks.reportId, tree)),
  ]);
}
