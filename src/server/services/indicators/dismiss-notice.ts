import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { indicatorNoticeDismissals, indicatorNotices, projects } from '../../db/schema';
import { visibleProjects } from '../projects/scope';
import { notFound, requireIndicatorRole } from './access';

/**
 * POST notice/{id}/dismiss ('Melding sluiten'): the user closes one in-app notice for good, for
 * themselves only. Only a notice of a project the user may open (else 404); closing it twice is
 * the same as once.
 */
export async function dismissNotice(ctx: UserServiceContext, noticeId: number): Promise<{ id: number }> {
  requireIndicatorRole(ctx.user, 'notification.view');
  const [notice] = await ctx.db
    .select({ id: indicatorNotices.id })
    .from(indicatorNotices)
    .innerJoin(projects, eq(projects.id, indicatorNotices.projectId))
    .where(and(eq(indicatorNotices.id, noticeId), visibleProjects(ctx.user)));
  if (!notice) throw notFound();
  await ctx.db.insert(indicatorNoticeDismissals).values({ userId: ctx.user.id, noticeId, dismissedAt: ctx.now }).onConflictDoNothing();
  return { id: noticeId };
}
