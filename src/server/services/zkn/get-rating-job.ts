import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { healthcareCompanies, jobs, ratingJobs, ratingResults } from '../../db/schema';
import { presentProvider } from './list-providers';
import { presentRatingJob } from './list-rating-jobs';
import { notFound, ratingJobScope, requireZknRole } from './scope';

/**
 * GET ratingJob/{id}: the job with its ranking (one batch). Providers below min_n come without a
 * single number; the distribution over all ranked providers is summed here.
 */
export async function getRatingJob(ctx: UserServiceContext, id: number) {
  requireZknRole(ctx.user, 'zkn.view');
  const [head, rows] = await ctx.db.batch([
    ctx.db
      .select({ rj: ratingJobs, status: jobs.status, progress: jobs.progress, error: jobs.error })
      .from(ratingJobs)
      .leftJoin(jobs, eq(jobs.id, ratingJobs.jobId))
      .where(and(eq(ratingJobs.id, id), ratingJobScope(ctx.user))),
    ctx.db
      .select({ r: ratingResults, p: healthcareCompanies })
      .from(ratingResults)
      .innerJoin(ratingJobs, eq(ratingJobs.id, ratingResults.ratingJobId))
      .innerJoin(healthcareCompanies, eq(healthcareCompanies.id, ratingResults.healthcareCompanyId))
      .where(and(eq(ratingResults.ratingJobId, id), ratingJobScope(ctx.user)))
      .orderBy(asc(healthcareCompanies.type), sql`${ratingResults.rankInType} is null`, asc(ratingResults.rankInType), asc(healthcareCompanies.name)),
  ]);
  const h = head[0];
  if (!h) throw notFound();
  const distribution = Array.from({ length: 10 }, () => 0);
  const results = rows.map(({ r, p }) => {
    r.distribution?.forEach((c, i) => (distribution[i]! += c));
    return {
      provider: presentProvider(p),
      ranked: r.ranked,
      n: r.n,
      overall: r.overall,
      aspects: r.aspects,
      recommend: r.recommend,
      distribution: r.distribution,
      type_mean: r.typeMean,
      bayes: r.bayes,
      rank_in_type: r.rankInType,
      rank_in_region: r.rankInRegion,
    };
  });
  return { ...presentRatingJob(h.rj, h.status ? h : null), results, distribution };
}

export type RatingJobDetail = Awaited<ReturnType<typeof getRatingJob>>;
