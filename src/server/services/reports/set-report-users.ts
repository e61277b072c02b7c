import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reportUsers, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { reportsNl } from '../../../shared/i18n/reports';
import type { ReportUsersInput } from '../../../shared/validation/reports-parts';
import { findReport, requireReportRole } from './access';
import { listReportUsers } from './list-report-users';
import { usersNl } from '../../../shared/i18n/users';
import { isPanelMemberGroup } from '../../../shared/permissions';

/**
 * PUT report/{id}/user { user_ids }: replaces the explicit readers in one batch (an empty list
 * opens the report to the whole project again). Users outside the project's company → 422, nothing changes.
 */
export async function setReportUsers(ctx: UserServiceContext, reportId: number, input: ReportUsersInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const report = await findReport(ctx, reportId);
  const known = input.user_ids.length
    ? await ctx.db
        .select({ id: users.id, groupId: users.groupId })
        .from(users)
        .innerJoin(projects, eq(projects.companyId, users.companyId))
        .where(and(inArray(users.id, input.user_ids), isNull(users.deletedAt), eq(projects.id, report.projectId)))
    : [];
  const foreign = input.user_ids.filter((id) => !known.some((k) => k.id === id));
  if (foreign.length) throw new AppError('VALIDATION', nl.validation, { user_ids: [reportsNl.usersNotOfCompany(foreign)] });
  if (known.some((k) => isPanelMemberGroup(k.groupId))) throw new AppError('VALIDATION', usersNl.panelMemberNotPickable, { user_ids: [usersNl.panelMemberNotPickable] });
  await ctx.db.batch([
    ctx.db.delete(reportUsers).where(eq(reportUsers.reportId, reportId)),
    ...input.user_ids.map((userId) => ctx.db.insert(reportUsers).values({ reportId, userId })),
  ]);
  return listReportUsers(ctx, reportId);
}
