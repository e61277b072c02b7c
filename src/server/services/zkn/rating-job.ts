import { eq } from 'drizzle-orm';
import { healthcareCompanies, ratingJobs, ratingResults, ratings } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { JobHandler } from '../../jobs/types';
import { zknNl } from '../../../shared/i18n/zkn';
import { computeRanking } from '../../analytics/zkn-ranking';
import { type ParsedRating, parseRatingsFile } from './parse-ratings';
import { readSurveyRatings } from './survey-ratings';
import type { RatingJobSurveyInput } from '../../../shared/validation/zkn';

const CHUNK = 1000;

/**
 * Job 'zkn.rating' { ratingJobId, key } or { ratingJobId, surveyId, mapping }: reads the checked file
 * from the file store (or the survey's completed responses), computes the
 * ranking, and replaces the job's ratings and results in one batch (a failure leaves nothing
 * half-written; a restart starts clean). The upload is removed only after success, so a failed
 * job can be restarted.
 */
export const ratingJobHandler: JobHandler = async (deps, job, progress) => {
  const ratingJobId = Number(job.payload.ratingJobId);
  const key = job.payload.key === undefined ? null : String(job.payload.key);
  const [rj] = await deps.db.select().from(ratingJobs).where(eq(ratingJobs.id, ratingJobId));
  if (!rj) throw new AppError('NOT_FOUND', nl.notFound);
  const providers = await deps.db
    .select({ id: healthcareCompanies.id, agb: healthcareCompanies.agbCode, type: healthcareCompanies.type, region: healthcareCompanies.region })
    .from(healthcareCompanies)
    .where(eq(healthcareCompanies.companyId, rj.companyId));
  await progress(10);
  const byAgb = new Map(providers.map((p) => [p.agb, p.id]));
  let parsed: ParsedRating[];
  if (key === null) {
    // A survey of the portal: its completed responses, through the same computation below.
    const mapping = job.payload.mapping as RatingJobSurveyInput['mapping'];
    parsed = (await readSurveyRatings(deps.db, rj.companyId, Number(job.payload.surveyId), mapping, byAgb)).ratings;
  } else {
    const stored = await deps.files.get(key);
    if (!stored) throw new AppError('VALIDATION', zknNl.jobGone);
    parsed = await parseRatingsFile(await new Response(stored.body).blob(), byAgb);
  }
  await progress(40);
  const results = computeRanking(
    providers,
    parsed.map((r) => ({ providerId: r.providerId, overall: r.overall, aspects: r.aspects, recommend: r.recommend })),
    rj.minN,
  );
  await progress(60);
  const rankedRatings = results.reduce((a, r) => a + (r.n ?? 0), 0);
  const statements = [
    deps.db.delete(ratingResults).where(eq(ratingResults.ratingJobId, rj.id)),
    deps.db.delete(ratings).where(eq(ratings.ratingJobId, rj.id)),
  ];
  for (let i = 0; i < parsed.length; i += CHUNK) {
    statements.push(
      deps.db.insert(ratings).values(
        parsed.slice(i, i + CHUNK).map((r) => ({ ratingJobId: rj.id, healthcareCompanyId: r.providerId, line: r.line, ratedOn: r.ratedOn, overall: r.overall, aspects: r.aspects, recommend: r.recommend })),
      ) as never,
    );
  }
  for (let i = 0; i < results.length; i += CHUNK) {
    statements.push(
      deps.db.insert(ratingResults).values(
        results.slice(i, i + CHUNK).map((r) => ({
          ratingJobId: rj.id, healthcareCompanyId: r.providerId, ranked: r.ranked, n: r.n, overall: r.overall, aspects: r.aspects, recommend: r.recommend,
          distribution: r.distribution, typeMean: r.typeMean, bayes: r.bayes, rankInType: r.rankInType, rankInRegion: r.rankInRegion,
        })),
      ) as never,
    );
  }
  // Only ratings of ranked providers are counted anywhere a viewer sees (min_n).
  statements.push(deps.db.update(ratingJobs).set({ ratingCount: rankedRatings, providerCount: results.length, updatedAt: deps.now() }).where(eq(ratingJobs.id, rj.id)) as never);
  await deps.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  await progress(95);
  if (key !== null) await deps.files.delete(key);
  return { ratingJobId: rj.id, providers: results.length, ranked: results.filter((r) => r.ranked).length };
};
