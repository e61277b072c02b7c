import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { healthcareCompanies, ratingJobs } from '../../db/schema';
import { AppError } from '../../errors';
import { surveysNl } from '../../../shared/i18n/surveys';
import { zknNl } from '../../../shared/i18n/zkn';
import type { RatingJobFields, RatingJobSurveyInput } from '../../../shared/validation/zkn';
import { parseRatingsFile } from './parse-ratings';
import { ownCompanyId, requireZknRole } from './scope';
import { checkSurveyMapping, surveySources } from './survey-ratings';

export const ZKN_RATING_JOB = 'zkn.rating';
export const ratingUploadKey = (companyId: number, uploadId: string) => `zkn/${companyId}/ratings/${uploadId}`;

/** The providers of an organisation by AGB code (what a ratings line may name). */
export async function providersByAgb(ctx: Pick<UserServiceContext, 'db'>, companyId: number) {
  const rows = await ctx.db.select({ id: healthcareCompanies.id, agb: healthcareCompanies.agbCode }).from(healthcareCompanies).where(eq(healthcareCompanies.companyId, companyId));
  return new Map(rows.map((r) => [r.agb, r.id]));
}

/**
 * POST ratingJob: the whole file is checked now (a bad line is a 422 naming its line, and nothing
 * is stored); the job then stores the ratings and the ranking in one batch.
 */
export async function startRatingJob(ctx: UserServiceContext, fields: RatingJobFields, file: Blob | null, fileName = '') {
  requireZknRole(ctx.user, 'zkn.create');
  const companyId = ownCompanyId(ctx.user);
  await parseRatingsFile(file, await providersByAgb(ctx, companyId));
  if (!ctx.jobs) throw new AppError('FAILED_DEPENDENCY', surveysNl.jobs.failed);
  const key = ratingUploadKey(companyId, crypto.randomUUID());
  await ctx.jobs.files.put(key, file!, 'text/csv');
  return enqueueRatingJob(ctx, companyId, fields, fileName, { key });
}

/**
 * POST ratingJob (JSON): a survey of the own organisation with its questions mapped to the rating
 * fields; the mapping is checked now (422 naming the field), the job reads the completed responses.
 */
export async function startSurveyRatingJob(ctx: UserServiceContext, input: RatingJobSurveyInput) {
  requireZknRole(ctx.user, 'zkn.create');
  const companyId = ownCompanyId(ctx.user);
  const survey = await checkSurveyMapping(ctx.db, companyId, input.survey_id, input.mapping);
  return enqueueRatingJob(ctx, companyId, input, zknNl.survey.source(survey.title), { surveyId: survey.id, mapping: input.mapping });
}

async function enqueueRatingJob(ctx: UserServiceContext, companyId: number, fields: RatingJobFields, source: string, payload: Record<string, unknown>) {
  if (!ctx.jobs) throw new AppError('FAILED_DEPENDENCY', surveysNl.jobs.failed);
  const [row] = await ctx.db
    .insert(ratingJobs)
    .values({ companyId, name: fields.name, fileName: source.slice(0, 191), minN: fields.min_n, createdBy: ctx.user.id })
    .returning();
  const job = await ctx.jobs.enqueue(ZKN_RATING_JOB, { ratingJobId: row!.id, ...payload }, ctx.user.id);
  await ctx.db.update(ratingJobs).set({ jobId: job.id }).where(eq(ratingJobs.id, row!.id));
  return { id: row!.id, job: { id: job.id, status: job.status, progress: job.progress } };
}

/** GET ratingJob/surveys: the surveys the form offers, with the questions each rating field may take. */
export async function listRatingSurveys(ctx: UserServiceContext) {
  requireZknRole(ctx.user, 'zkn.create');
  return surveySources(ctx.db, ownCompanyId(ctx.user));
}
