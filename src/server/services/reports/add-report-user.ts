import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reportUsers, users } from '../../db/schema';
import { findReport, notFound, requireReportRole } from './access';
import { listReportUsers } from './list-report-users';
import { AppError } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { isPanelMemberGroup } from '../../../shared/permissions';

/** PUT report/{id}/user/{uid}: make a user of the project's company an explicit reader (idempotent). */
export async function addReportUser(ctx: UserServiceContext, reportId: number, userId: number) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const report = await findReport(ctx, reportId);
  const [target] = await ctx.db
    .select({ id: users.id, groupId: users.groupId })
    .from(users)
    .innerJoin(projects, eq(projects.companyId, users.companyId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt), eq(projects.id, report.projectId)));
  // A user of another company is as absent as one that does not exist.
  if (!target) throw notFound();
  if (isPanelMemberGroup(target.groupId)) throw new AppError('VALIDATION', usersNl.panelMemberNotPickable, { uid: [usersNl.panelMemberNotPickable] });
  await ctx.db.insert(reportUsers).values({ reportId, userId }).onConflictDoNothing();
  return listReportUsers(ctx, reportId);
}
