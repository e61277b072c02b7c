import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, reportSchedules } from '../../db/schema';
import type { FileStore } from '../../files/store';
import { SCHEDULE_MAIL_JOB, SCHEDULE_RUN_JOB } from './schedule-kind';

/** How long a run's PDF stays after the run finished: longer than the mail jobs' retries, and the local outbox can still open it. */
export const SCHEDULE_PDF_KEEP_DAYS = 7;
const DAY = 86_400_000;
const KEY = /^schedules\/(\d+)\/(\d+)\.pdf$/;

/** Every key under `prefix` (all pages); none on a store that cannot list. */
async function keysUnder(files: FileStore, prefix: string): Promise<string[]> {
  if (!files.list) return [];
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await files.list(prefix, cursor);
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.cursor;
  } while (cursor);
  return keys;
}

/**
 * Daily (cron): the PDFs that scheduled mails attached (`schedules/{schedule}/{run job}.pdf`) are
 * deleted from R2 once nobody needs them — the schedule is gone, or its run finished
 * SCHEDULE_PDF_KEEP_DAYS ago (or its job row is gone) — and no mail job of that PDF is still
 * queued or running. A run still in progress keeps its PDF. Returns the number of files deleted.
 */
export async function sweepSchedulePdfs({ db, files, now = new Date() }: { db: Db; files: FileStore; now?: Date }): Promise<number> {
  const found = (await keysUnder(files, 'schedules/')).flatMap((key) => {
    const m = KEY.exec(key);
    return m ? [{ key, scheduleId: Number(m[1]), jobId: Number(m[2]) }] : [];
  });
  if (!found.length) return 0;
  const attachmentKey = sql<string | null>`json_extract(${jobs.payload}, '$.attachment.key')`;
  const [live, runs, pending] = await db.batch([
    db.select({ id: reportSchedules.id }).from(reportSchedules).where(inArray(reportSchedules.id, [...new Set(found.map((f) => f.scheduleId))])),
    db.select({ id: jobs.id, status: jobs.status, finishedAt: jobs.finishedAt, updatedAt: jobs.updatedAt }).from(jobs).where(and(eq(jobs.kind, SCHEDULE_RUN_JOB), inArray(jobs.id, found.map((f) => f.jobId)))),
    db.select({ key: attachmentKey }).from(jobs).where(and(eq(jobs.kind, SCHEDULE_MAIL_JOB), inArray(jobs.status, ['queued', 'running']), sql`${attachmentKey} is not null`)),
  ]);
  const schedules = new Set(live.map((s) => s.id));
  const runOf = new Map(runs.map((r) => [r.id, r]));
  const inUse = new Set(pending.map((p) => p.key));
  const before = now.getTime() - SCHEDULE_PDF_KEEP_DAYS * DAY;
  const done = found.filter(({ key, scheduleId, jobId }) => {
    if (inUse.has(key)) return false;
    if (!schedules.has(scheduleId)) return true;
    const run = runOf.get(jobId);
    if (!run) return true;
    if (run.status === 'queued' || run.status === 'running') return false;
    return (run.finishedAt ?? run.updatedAt).getTime() <= before;
  });
  for (const { key } of done) await files.delete(key);
  return done.length;
}
