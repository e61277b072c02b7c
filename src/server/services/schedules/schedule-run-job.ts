import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reportSchedules, reports } from '../../db/schema';
import type { JobDeps, JobHandler } from '../../jobs/types';
import { createMailer } from '../../mail/mailer';
import { schedulesNl as t } from '../../../shared/i18n/schedules';
import type { ReportDataBody } from '../../../shared/validation/report-data';
import { hasRole } from '../../../shared/permissions';
import { auditRow } from '../audit/audit-row';
import { buildReportPdf } from '../export/build-report-pdf';
import { loadExportReport } from '../export/load-export-report';
import { loadAccount, resolveDeliveries } from './recipients';
import { SCHEDULE_MAIL_JOB, schedulePdfKey } from './schedule-kind';
import { sendScheduleMail, type ScheduleMailPayload } from './schedule-mail-job';

/** The sender's view for drawing the PDF: their rights, no request config, no nested jobs. */
function senderContext(deps: JobDeps, user: NonNullable<Awaited<ReturnType<typeof loadAccount>>>): UserServiceContext {
  const config = { appEnv: 'production', libsqlUrl: '', mailFrom: '', helpdeskEmail: '' } as const;
  const jobs = { files: deps.files, enqueue: () => Promise.reject(new Error('no nested jobs')), redeliver: () => Promise.reject(new Error('no nested jobs')) };
  return { db: deps.db, user, now: deps.now(), config, mailer: createMailer(deps.db, config), jobs };
}

/**
 * Job 'report.schedule-run': one due run. The PDF (format pdf) is drawn once with the sender's
 * rights and the schedule's saved benchmarks (same engine, min_n and suppression as the export),
 * stored in R2, and each recipient gets their own mail job (retried on its own).
 */
export const scheduleRunJob: JobHandler = async (deps, job) => {
  const { scheduleId } = job.payload as { scheduleId: number };
  const [row] = await deps.db
    .select({ schedule: reportSchedules, report: reports, companyId: projects.companyId })
    .from(reportSchedules)
    .innerJoin(reports, eq(reports.id, reportSchedules.reportId))
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .where(and(eq(reportSchedules.id, scheduleId), isNull(reports.deletedAt), isNull(projects.deletedAt)));
  if (!row) return { skipped: 'gone' };
  const { schedule, report } = row;
  const now = deps.now();
  // The sender's rights count at every run: without them (account gone, rights taken) nothing is sent.
  const sender = await loadAccount(deps.db, schedule.createdBy, now);
  if (!sender || !hasRole(sender, 'dashboard.edit') || (schedule.format === 'pdf' && !hasRole(sender, 'dashboard.export'))) return { skipped: 'sender' };
  const { deliveries, skipped } = await resolveDeliveries(deps.db, schedule.id, report, schedule.format, now);
  if (!deliveries.length) return { sent: 0, skipped };
  let attachment: ScheduleMailPayload['attachment'] = null;
  if (schedule.format === 'pdf') {
    const ctx = senderContext(deps, sender);
    const body: ReportDataBody = { benchmarks: schedule.benchmarks as ReportDataBody['benchmarks'] };
    const loaded = await loadExportReport(ctx, report.id, body);
    const bytes = await buildReportPdf(ctx, loaded, body);
    const key = schedulePdfKey(schedule.id, job.id);
    await deps.files.put(key, bytes, 'application/pdf');
    attachment = { key, filename: `${report.title}.pdf`, size: bytes.byteLength };
    await auditRow({ db: deps.db, user: null, now }, { userId: sender.id, companyId: row.companyId, action: 'report.schedule.sent', resource: 'report', resourceId: report.id, summary: t.auditSent(report.title, deliveries.length) });
  }
  for (const d of deliveries) {
    const payload: ScheduleMailPayload = { scheduleId: schedule.id, recipientId: d.recipientId, to: d.to, member: d.member, sender: sender.fullname, attachment };
    if (deps.jobs) await deps.jobs.enqueue(SCHEDULE_MAIL_JOB, payload, null);
    else await sendScheduleMail(deps, payload);
  }
  return { sent: deliveries.length, skipped };
};
