import { and, eq, isNull } from 'drizzle-orm';
import { reportScheduleRecipients, reportSchedules, reports } from '../../db/schema';
import type { JobDeps, JobHandler } from '../../jobs/types';
import { createMailer } from '../../mail/mailer';
import { schedulesNl as t } from '../../../shared/i18n/schedules';

export interface ScheduleMailPayload {
  scheduleId: number;
  recipientId: number;
  to: string;
  member: boolean;
  sender: string;
  attachment: { key: string; filename: string; size: number } | null;
  [key: string]: unknown;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The mail of one recipient: link or PDF, the sender's message, and the unsubscribe link (no login needed). */
export async function sendScheduleMail(deps: JobDeps, p: ScheduleMailPayload): Promise<Record<string, unknown>> {
  const [row] = await deps.db
    .select({ token: reportScheduleRecipients.token, schedule: reportSchedules, report: { id: reports.id, title: reports.title, directAccess: reports.directAccess } })
    .from(reportScheduleRecipients)
    .innerJoin(reportSchedules, eq(reportSchedules.id, reportScheduleRecipients.scheduleId))
    .innerJoin(reports, eq(reports.id, reportSchedules.reportId))
    .where(and(eq(reportScheduleRecipients.id, p.recipientId), isNull(reportScheduleRecipients.unsubscribedAt)));
  // Unsubscribed (or the schedule deleted) between the run and this mail: nothing is sent.
  if (!row) return { skipped: true };
  const { schedule, report } = row;
  const base = `${(deps.appUrl ?? '').replace(/\/$/, '')}/portal`;
  const link = p.member ? `${base}/report/${report.id}` : report.directAccess ? `${base}/public/report/${report.id}` : null;
  const lines = [t.mailIntro(p.sender, report.title), ''];
  if (schedule.message) lines.push(schedule.message, '');
  if (p.attachment) lines.push(t.mailPdf);
  if (link) lines.push(`${t.mailLink} ${link}`);
  lines.push('', t.mailWhy(t.mailWhyFreq[schedule.frequency]), `${t.mailUnsubscribe} ${base}/afmelden/${row.token}`);
  let attachments;
  if (p.attachment) {
    const file = await deps.files.get(p.attachment.key);
    if (!file) throw new Error(`schedule PDF ${p.attachment.key} missing`);
    attachments = [{ ...p.attachment, contentType: 'application/pdf', content: await readAll(file.body) }];
  }
  const mailer = deps.mailer ?? createMailer(deps.db, { mailFrom: '' });
  const outboxId = await mailer.send({ to: p.to, subject: t.mailSubject(report.title), text: lines.join('\n'), attachments });
  return { outboxId };
}

/** Job 'report.schedule-mail': one recipient's mail; a failing mail API is retried by the queue. */
export const scheduleMailJob: JobHandler = (deps, job) => sendScheduleMail(deps, job.payload as ScheduleMailPayload);
