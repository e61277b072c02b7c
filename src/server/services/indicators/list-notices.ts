import { and, desc, eq, gte, notExists } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { indicatorNoticeDismissals, indicatorNotices, indicators, projects } from '../../db/schema';
import { formatIndicatorValue } from '../../../shared/i18n/indicators';
import { hasRole } from '../../../shared/permissions';
import { myProjects, visibleProjects } from '../projects/scope';
import { constant, read, readOne } from '../../db/reads';

/** How long a fired indicator stays on the front page and the project page. */
export const NOTICE_DAYS = 30;

/**
 * The in-app notices: indicators that fired in the last 30 days, newest first — of my projects
 * (front page) or of one project (project page), less those the user closed. Empty without
 * notification.view.
 */
export async function listNotices(ctx: UserServiceContext, opts: { projectId?: number; limit?: number } = {}) {
  return readOne(ctx.db, noticesRead(ctx, opts));
}

type Notice = { id: number; indicator_id: number; title: string; project_id: number; project: string; value: number; value_text: string; fired_at: string };

/** listNotices's query, to share a request's batch (db/reads.ts). */
export function noticesRead(ctx: UserServiceContext, opts: { projectId?: number; limit?: number } = {}) {
  if (!hasRole(ctx.user, 'notification.view')) return constant<Notice[]>([]);
  const since = new Date(ctx.now.getTime() - NOTICE_DAYS * 86_400_000);
  const query = ctx.db
    .select({ id: indicatorNotices.id, value: indicatorNotices.value, firedAt: indicatorNotices.firedAt, indicatorId: indicators.id, title: indicators.title, metric: indicators.metric, projectId: projects.id, project: projects.title })
    .from(indicatorNotices)
    .innerJoin(indicators, eq(indicators.id, indicatorNotices.indicatorId))
    .innerJoin(projects, eq(projects.id, indicatorNotices.projectId))
    .where(and(
      gte(indicatorNotices.firedAt, since),
      notExists(ctx.db.select({ one: indicatorNoticeDismissals.noticeId }).from(indicatorNoticeDismissals).where(and(eq(indicatorNoticeDismissals.noticeId, indicatorNotices.id), eq(indicatorNoticeDismissals.userId, ctx.user.id)))),
      opts.projectId ? and(eq(projects.id, opts.projectId), visibleProjects(ctx.user)) : myProjects(ctx.user),
    ))
    .orderBy(desc(indicatorNotices.firedAt), desc(indicatorNotices.id))
    .limit(opts.limit ?? 10);
  return read([query], ([rows]): Notice[] => rows.map((r) => ({
    id: r.id,
    indicator_id: r.indicatorId,
    title: r.title,
    project_id: r.projectId,
    project: r.project,
    value: r.value,
    value_text: formatIndicatorValue(r.metric, r.value),
    fired_at: r.firedAt.toISOString(),
  })));
}
