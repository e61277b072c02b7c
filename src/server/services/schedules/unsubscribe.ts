import { and, eq, isNull } from 'drizzle-orm';
import { consumeAttempt, type ThrottleRule } from '../../auth/throttle';
import type { ServiceContext } from '../../context';
import { reportScheduleRecipients, reportSchedules, reports } from '../../db/schema';

/** The unsubscribe link works without login: its 160-bit token is the key; guessing is throttled per IP. */
export const UNSUBSCRIBE_THROTTLE: ThrottleRule = { scope: 'schedule-unsubscribe:ip', limit: 30, windowMs: 60_000 };

const TOKEN = /^[a-z2-7]{32}$/;

/**
 * /afmelden/{token}: the report the link is about (null when unknown) and, on `confirm`, the
 * recipient unsubscribed from that schedule. A GET only shows the question, so mail scanners that
 * open links unsubscribe nobody.
 */
export async function unsubscribeRecipient(ctx: Pick<ServiceContext, 'db' | 'now'>, token: string, ip: string | null, confirm: boolean): Promise<{ title: string; done: boolean } | null> {
  await consumeAttempt(ctx.db, UNSUBSCRIBE_THROTTLE, ip, ctx.now);
  if (!TOKEN.test(token)) return null;
  const [row] = await ctx.db
    .select({ id: reportScheduleRecipients.id, unsubscribedAt: reportScheduleRecipients.unsubscribedAt, title: reports.title })
    .from(reportScheduleRecipients)
    .innerJoin(reportSchedules, eq(reportSchedules.id, reportScheduleRecipients.scheduleId))
    .innerJoin(reports, eq(reports.id, reportSchedules.reportId))
    .where(eq(reportScheduleRecipients.token, token));
  if (!row) return null;
  if (!confirm) return { title: row.title, done: row.unsubscribedAt !== null };
  await ctx.db.update(reportScheduleRecipients).set({ unsubscribedAt: ctx.now }).where(and(eq(reportScheduleRecipients.id, row.id), isNull(reportScheduleRecipients.unsubscribedAt)));
  return { title: row.title, done: true };
}
