import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportSchedules, reports } from '../../db/schema';
import { nextRun } from './next-run';
import { SCHEDULE_RUN_JOB } from './schedule-kind';

/** The most runs one cron tick starts (the rest follow a tick later: the trigger runs every 15 minutes). */
const MAX_PER_TICK = 200;

export interface DueScheduleDeps {
  db: Db;
  enqueue: (kind: string, payload: Record<string, unknown>) => Promise<unknown>;
  now: Date;
}

/**
 * The cron trigger's part: every schedule whose moment has come is claimed (its next run moved on,
 * or cleared for 'once', guarded on the old value so two ticks never both take it) and enqueued as
 * a run job. Schedules of deleted or archived reports wait.
 */
export async function enqueueDueSchedules({ db, enqueue, now }: DueScheduleDeps): Promise<number> {
  const due = await db
    .select({ id: reportSchedules.id, frequency: reportSchedules.frequency, weekday: reportSchedules.weekday, hour: reportSchedules.hour, nextRunAt: reportSchedules.nextRunAt })
    .from(reportSchedules)
    .innerJoin(reports, eq(reports.id, reportSchedules.reportId))
    .where(and(isNotNull(reportSchedules.nextRunAt), lte(reportSchedules.nextRunAt, now), isNull(reports.deletedAt), isNull(reports.archivedAt)))
    .limit(MAX_PER_TICK);
  let started = 0;
  for (const s of due) {
    const next = s.frequency === 'once' ? null : nextRun(s, now);
    const claimed = await db
      .update(reportSchedules)
      .set({ nextRunAt: next, lastRunAt: now })
      .where(and(eq(reportSchedules.id, s.id), eq(reportSchedules.nextRunAt, s.nextRunAt!)))
      .returning({ id: reportSchedules.id });
    if (!claimed.length) continue;
    await enqueue(SCHEDULE_RUN_JOB, { scheduleId: s.id, runAt: s.nextRunAt!.toISOString() });
    started++;
  }
  return started;
}
