import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportUsers } from '../../db/schema';
import { findReport, notFound, requireReportRole } from './access';
import { listReportUsers } from './list-report-users';

/** DELETE report/{id}/user/{uid}: when the last reader goes, the report is open to the whole project again. */
export async function removeReportUser(ctx: UserServiceContext, reportId: number, userId: number) {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findReport(ctx, reportId);
  const removed = await ctx.db.delete(reportUsers).where(and(eq(reportUsers.reportId, reportId), eq(reportUsers.userId, userId))).returning();
  if (!removed.length) throw notFound();
  return listReportUsers(ctx, reportId);
}
