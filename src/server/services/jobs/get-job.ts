import { and, eq, type SQL } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { jobs } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { JobRow } from '../../jobs/types';

/** What the client polls: status, percent, and the error or result once finished. */
export function presentJob(job: JobRow) {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    ...(job.status === 'failed' && job.error ? { error: job.error } : {}),
    ...(job.status === 'done' && job.result ? { result: job.result } : {}),
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}

/** GET job/{id}: only the user who started the job (or a root user) may follow it. */
export async function getJob(ctx: UserServiceContext, jobId: number) {
  const mine: SQL | undefined = ctx.user.isRoot ? undefined : eq(jobs.createdBy, ctx.user.id);
  const [job] = await ctx.db.select().from(jobs).where(and(eq(jobs.id, jobId), mine));
  if (!job) throw new AppError('NOT_FOUND', nl.notFound);
  return presentJob(job);
}
