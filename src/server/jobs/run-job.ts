import { and, eq, inArray } from 'drizzle-orm';
import { jobs } from '../db/schema';
import { AppError } from '../errors';
import { surveysNl } from '../../shared/i18n/surveys';
import type { JobDeps, JobKinds } from './types';

export type RunOutcome = 'done' | 'failed' | 'retry' | 'skipped';

// Errors in the input itself (bad file, vanished survey) won't heal by retrying.
const PERMANENT = new Set(['VALIDATION', 'NOT_FOUND', 'BAD_REQUEST', 'FORBIDDEN', 'TOO_LARGE']);

/**
 * Runs one delivery of a job: claims it (queued → running), calls the handler with a progress
 * reporter, and records done / failed. A transient error leaves it queued for the next delivery
 * until max_attempts is used up; then it is failed (admin loose end "FailedJob"). `kinds` is the
 * registry of handlers (src/server/job-kinds.ts); a kind missing from it fails permanently.
 */
export async function runJob(kinds: JobKinds, deps: JobDeps, jobId: number): Promise<RunOutcome> {
  const [job] = await deps.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!job || job.status === 'done' || job.status === 'failed') return 'skipped';
  const attempts = job.attempts + 1;
  const claimed = await deps.db
    .update(jobs)
    .set({ status: 'running', attempts, startedAt: deps.now(), error: null })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, ['queued', 'running'])))
    .returning({ id: jobs.id });
  if (!claimed.length) return 'skipped';
  const handler = kinds[job.kind];
  let lastPercent = 0;
  const progress = async (percent: number) => {
    const p = Math.max(0, Math.min(99, Math.floor(percent)));
    if (p <= lastPercent) return;
    lastPercent = p;
    await deps.db.update(jobs).set({ progress: p }).where(eq(jobs.id, jobId));
  };
  try {
    if (!handler) throw new AppError('VALIDATION', surveysNl.jobs.unknownKind(job.kind));
    const result = await handler(deps, { ...job, attempts }, progress);
    await deps.db.update(jobs).set({ status: 'done', progress: 100, result, finishedAt: deps.now() }).where(eq(jobs.id, jobId));
    return 'done';
  } catch (err) {
    const permanent = err instanceof AppError && PERMANENT.has(err.code);
    const message = err instanceof AppError ? err.message : surveysNl.jobs.failed;
    if (!(err instanceof AppError)) console.error(JSON.stringify({ level: 'error', jobId, kind: job.kind, error: String(err), stack: (err as Error)?.stack }));
    const exhausted = permanent || attempts >= job.maxAttempts;
    await deps.db
      .update(jobs)
      .set(exhausted ? { status: 'failed', error: message, finishedAt: deps.now() } : { status: 'queued', error: message })
      .where(eq(jobs.id, jobId));
    return exhausted ? 'failed' : 'retry';
  }
}
