import { desc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { jobs, ratingJobs } from '../../db/schema';
import { ratingJobScope, requireZknRole } from './scope';

type RatingJobRow = typeof ratingJobs.$inferSelect;
type JobPart = { status: string | null; progress: number | null; error: string | null } | null;

export function presentRatingJob(rj: RatingJobRow, job: JobPart) {
  const status = job?.status ?? 'failed';
  return {
    id: rj.id,
    name: rj.name,
    file_name: rj.fileName,
    min_n: rj.minN,
    job_id: rj.jobId,
    status,
    progress: status === 'done' ? 100 : (job?.progress ?? 0),
    ...(status === 'failed' ? { error: job?.error ?? null } : {}),
    rating_count: rj.ratingCount,
    provider_count: rj.providerCount,
    created_at: rj.createdAt.toISOString(),
  };
}

/** GET ratingJob: the organisation's rating jobs, newest first, with their job's status (one query). */
export async function listRatingJobs(ctx: UserServiceContext) {
  requireZknRole(ctx.user, 'zkn.view');
  const rows = await ctx.db
    .select({ rj: ratingJobs, status: jobs.status, progress: jobs.progress, error: jobs.error })
    .from(ratingJobs)
    .leftJoin(jobs, eq(jobs.id, ratingJobs.jobId))
    .where(ratingJobScope(ctx.user))
    .orderBy(desc(ratingJobs.createdAt), desc(ratingJobs.id));
  return rows.map((r) => presentRatingJob(r.rj, r.status ? r : null));
}
