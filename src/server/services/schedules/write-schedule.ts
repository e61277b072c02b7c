import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { generateToken } from '../../auth/tokens';
import type { UserServiceContext } from '../../context';
import { reportScheduleRecipients, reportSchedules } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { schedulesNl as t } from '../../../shared/i18n/schedules';
import type { ScheduleInput } from '../../../shared/validation/schedules';
import { hasRole } from '../../../shared/permissions';
import type { ReportRow } from '../reports/access';
import { auditRow } from '../audit/audit-row';
import { projects } from '../../db/schema';
import { listCandidates, type RecipientRow } from './access';
import { nextRun } from './next-run';

/**
 * The rules every saved schedule keeps (422 otherwise): members of the report's project only; an
 * address outside the portal gets the public link only when the report is public; a PDF only when
 * the report allows PDF export.
 */
async function checkInput(ctx: UserServiceContext, report: ReportRow, input: ScheduleInput) {
  if (input.format === 'pdf' && !hasRole(ctx.user, 'dashboard.export')) throw new AppError('FORBIDDEN', nl.forbidden);
  const members = new Set((await listCandidates(ctx.db, report.projectId, ctx.now)).map((m) => m.id));
  if (input.recipients.some((id) => !members.has(id))) throw new AppError('VALIDATION', nl.validation, { recipients: [t.notMember] });
  if (input.format === 'link' && input.emails.length && !report.directAccess) throw new AppError('VALIDATION', nl.validation, { emails: [t.linkNeedsPublic] });
  if (input.format === 'pdf' && !report.pdfExport) throw new AppError('VALIDATION', nl.validation, { format: [t.pdfOff] });
}

const fields = (input: ScheduleInput, now: Date) => ({
  frequency: input.frequency,
  weekday: input.weekday,
  hour: input.hour,
  format: input.format,
  message: input.message,
  benchmarks: input.benchmarks,
  nextRunAt: nextRun(input, now),
});

async function companyOf(ctx: UserServiceContext, report: ReportRow) {
  const [p] = await ctx.db.select({ companyId: projects.companyId }).from(projects).where(eq(projects.id, report.projectId));
  return p?.companyId ?? null;
}

/**
 * POST report/{id}/schedule: the schedule, its recipients (each with an unsubscribe token) and an
 * audit row in one batch (one transaction: the recipients take the schedule's id, the newest row).
 */
export async function insertSchedule(ctx: UserServiceContext, report: ReportRow, input: ScheduleInput): Promise<number> {
  await checkInput(ctx, report, input);
  const companyId = await companyOf(ctx, report);
  const newest = sql<number>`(select max(${reportSchedules.id}) from ${reportSchedules})`;
  const recipients = recipientRows(newest, input.recipients, input.emails);
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(reportSchedules).values({ reportId: report.id, createdBy: ctx.user.id, ...fields(input, ctx.now) }).returning({ id: reportSchedules.id }),
    ctx.db.insert(reportScheduleRecipients).values(recipients),
    auditRow(ctx, { action: 'report.schedule.create', resource: 'report', resourceId: report.id, companyId, summary: t.auditCreate(report.title, recipients.length, input.format) }),
  ]);
  return row!.id;
}

/** PUT report/{id}/schedule/{sid}: replaces the schedule; recipients who stay keep their token and their unsubscribe. */
export async function replaceSchedule(ctx: UserServiceContext, report: ReportRow, scheduleId: number, input: ScheduleInput, current: RecipientRow[]): Promise<void> {
  await checkInput(ctx, report, input);
  const companyId = await companyOf(ctx, report);
  const users = new Set(input.recipients);
  const emails = new Set(input.emails);
  const gone = current.filter((r) => (r.userId ? !users.has(r.userId) : !emails.has(r.email ?? ''))).map((r) => r.id);
  const added = recipientRows(
    scheduleId,
    input.recipients.filter((u) => !current.some((r) => r.userId === u)),
    input.emails.filter((e) => !current.some((r) => r.email === e)),
  );
  const kept = current.length - gone.length;
  await ctx.db.batch([
    ctx.db.update(reportSchedules).set({ ...fields(input, ctx.now), createdBy: ctx.user.id }).where(eq(reportSchedules.id, scheduleId)),
    ...(gone.length ? [ctx.db.delete(reportScheduleRecipients).where(and(eq(reportScheduleRecipients.scheduleId, scheduleId), inArray(reportScheduleRecipients.id, gone)))] : []),
    ...(added.length ? [ctx.db.insert(reportScheduleRecipients).values(added)] : []),
    auditRow(ctx, { action: 'report.schedule.update', resource: 'report', resourceId: report.id, companyId, summary: t.auditUpdate(report.title, kept + added.length, input.format) }),
  ]);
}

/** DELETE report/{id}/schedule/{sid}: the schedule and its recipients (cascade), audited. */
export async function removeSchedule(ctx: UserServiceContext, report: ReportRow, scheduleId: number): Promise<void> {
  const companyId = await companyOf(ctx, report);
  await ctx.db.batch([
    ctx.db.delete(reportSchedules).where(eq(reportSchedules.id, scheduleId)),
    auditRow(ctx, { action: 'report.schedule.delete', resource: 'report', resourceId: report.id, companyId, summary: t.auditDelete(report.title) }),
  ]);
}

function recipientRows(scheduleId: number | SQL<number>, userIds: number[], emails: string[]) {
  return [
    ...[...new Set(userIds)].map((userId) => ({ scheduleId, userId, email: null, token: generateToken(20) })),
    ...[...new Set(emails)].map((email) => ({ scheduleId, userId: null, email, token: generateToken(20) })),
  ];
}
