import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { projectUsers, reportScheduleRecipients, reportSchedules, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { ScheduleCandidate, ScheduleItem } from '../../../shared/dto/schedules';
import { findReport, requireReportRole, type ReportRow } from '../reports/access';
import { pickableStaff } from '../users/staff';

export type ScheduleRow = typeof reportSchedules.$inferSelect;
export type RecipientRow = typeof reportScheduleRecipients.$inferSelect;

/** Schedules belong to editors (dashboard.edit) of a report they may see; another company's report is a 404. */
export async function findScheduleReport(ctx: UserServiceContext, reportId: number): Promise<ReportRow> {
  requireReportRole(ctx.user, 'dashboard.edit');
  return findReport(ctx, reportId);
}

export async function findSchedule(ctx: UserServiceContext, reportId: number, scheduleId: number): Promise<{ report: ReportRow; schedule: ScheduleRow }> {
  const report = await findScheduleReport(ctx, reportId);
  const [schedule] = await ctx.db.select().from(reportSchedules).where(and(eq(reportSchedules.id, scheduleId), eq(reportSchedules.reportId, reportId)));
  if (!schedule) throw new AppError('NOT_FOUND', nl.notFound);
  return { report, schedule };
}

/** The people a report can be sent to: the project's members that staff may pick (pickableStaff: active, no Api accounts, no panel members). */
export function listCandidates(db: Db, projectId: number, now: Date): Promise<ScheduleCandidate[]> {
  return db
    .select({ id: users.id, fullname: users.fullname, email: users.email })
    .from(projectUsers)
    .innerJoin(users, eq(users.id, projectUsers.userId))
    .where(and(eq(projectUsers.projectId, projectId), pickableStaff(now)))
    .orderBy(asc(users.fullname));
}

/** The schedules of a report with their recipients, as the dialog lists them. */
export async function listScheduleItems(db: Db, reportId: number, only?: number): Promise<ScheduleItem[]> {
  const rows = await db
    .select()
    .from(reportSchedules)
    .where(only ? and(eq(reportSchedules.reportId, reportId), eq(reportSchedules.id, only)) : eq(reportSchedules.reportId, reportId))
    .orderBy(asc(reportSchedules.id));
  if (!rows.length) return [];
  const recipients = await db
    .select({ scheduleId: reportScheduleRecipients.scheduleId, userId: reportScheduleRecipients.userId, email: reportScheduleRecipients.email, unsubscribedAt: reportScheduleRecipients.unsubscribedAt, name: sql<string | null>`${users.fullname}` })
    .from(reportScheduleRecipients)
    .leftJoin(users, eq(users.id, reportScheduleRecipients.userId))
    .where(inArray(reportScheduleRecipients.scheduleId, rows.map((r) => r.id)))
    .orderBy(asc(reportScheduleRecipients.id));
  return rows.map((s) => {
    const mine = recipients.filter((r) => r.scheduleId === s.id);
    return {
      id: s.id,
      frequency: s.frequency,
      weekday: s.weekday,
      hour: s.hour,
      format: s.format,
      message: s.message,
      benchmarks: s.benchmarks as ScheduleItem['benchmarks'],
      recipients: mine.flatMap((r) => (r.userId ? [r.userId] : [])),
      emails: mine.flatMap((r) => (r.email ? [r.email] : [])),
      unsubscribed: mine.filter((r) => r.unsubscribedAt).map((r) => r.name ?? r.email ?? ''),
      next_run_at: s.nextRunAt?.toISOString() ?? null,
      last_run_at: s.lastRunAt?.toISOString() ?? null,
    };
  });
}
