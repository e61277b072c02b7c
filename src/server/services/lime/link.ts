import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { limeSurveyLinks } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { findVisibleSurvey, requireSurveyRole } from '../surveys/scope';
import { LIME_SYNC_JOB } from './sync-kind';

async function linkOf(ctx: UserServiceContext, surveyId: number) {
  requireSurveyRole(ctx.user, 'survey.edit');
  await findVisibleSurvey(ctx, surveyId);
  const [link] = await ctx.db.select().from(limeSurveyLinks).where(eq(limeSurveyLinks.surveyId, surveyId));
  if (!link) throw new AppError('NOT_FOUND', nl.notFound);
  return link;
}

/** POST survey/{id}/lime/sync: synchronise now (a job; the screen follows its progress). */
export async function syncNow(ctx: UserServiceContext, surveyId: number) {
  await linkOf(ctx, surveyId);
  if (!ctx.jobs) throw new AppError('FAILED_DEPENDENCY', nl.internal);
  return ctx.jobs.enqueue(LIME_SYNC_JOB, { surveyId }, ctx.user.id);
}

/** PUT survey/{id}/lime { sync_enabled }: the cron schedule on or off. */
export async function setSchedule(ctx: UserServiceContext, surveyId: number, syncEnabled: boolean) {
  await linkOf(ctx, surveyId);
  await ctx.db.update(limeSurveyLinks).set({ syncEnabled }).where(and(eq(limeSurveyLinks.surveyId, surveyId)));
  return { survey_id: surveyId, sync_enabled: syncEnabled };
}
