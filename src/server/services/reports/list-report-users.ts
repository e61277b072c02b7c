import { and, asc, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportUsers, users } from '../../db/schema';
import { findReport, requireReportRole } from './access';

/**
 * GET report/{id}/user: the report's explicit readers. An empty list means the report is open to
 * every member of its project; editors, company admins and root users always see it.
 */
export async function listReportUsers(ctx: UserServiceContext, reportId: number) {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findReport(ctx, reportId);
  return ctx.db
    .select({ id: users.id, fullname: users.fullname, email: users.email })
    .from(reportUsers)
    .innerJoin(users, eq(users.id, reportUsers.userId))
    .where(and(eq(reportUsers.reportId, reportId), isNull(users.deletedAt)))
    .orderBy(asc(users.fullname), asc(users.id));
}
