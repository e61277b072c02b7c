import { asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { indicators } from '../../db/schema';
import { findProject } from '../projects/access';
import { requireIndicatorRole } from './access';
import { indicatorLabels, type LabelOf } from './labels';
import { presentIndicator } from './present';

/** GET project/{id}/indicator: the project's indicators with their last value, state and reason. */
export async function listProjectIndicators(ctx: UserServiceContext, projectId: number) {
  requireIndicatorRole(ctx.user, 'notification.view');
  await findProject(ctx, projectId);
  const rows = await ctx.db.select().from(indicators).where(eq(indicators.projectId, projectId)).orderBy(asc(indicators.title), asc(indicators.id));
  const labels = new Map<number, LabelOf | undefined>();
  for (const surveyId of new Set(rows.map((r) => r.surveyId))) labels.set(surveyId, await indicatorLabels(ctx.db, surveyId).catch(() => undefined));
  return rows.map((r) => presentIndicator(r, labels.get(r.surveyId)));
}
