import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { UserServiceContext } from '../../context';
import { indicators, projects } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { hasRole, type Role } from '../../../shared/permissions';
import { visibleProjects } from '../projects/scope';

export type IndicatorRow = typeof indicators.$inferSelect;

/** notification.view reads, notification.create creates, notification.edit changes and deletes. */
export function requireIndicatorRole(user: SessionUser, role: Extract<Role, `notification.${string}`>): void {
  if (!hasRole(user, role)) throw new AppError('FORBIDDEN', nl.forbidden);
}

export const notFound = () => new AppError('NOT_FOUND', nl.notFound);

/** An indicator of a project the user may open, else 404. */
export async function findIndicator(ctx: UserServiceContext, indicatorId: number): Promise<IndicatorRow> {
  const [row] = await ctx.db
    .select({ indicator: indicators })
    .from(indicators)
    .innerJoin(projects, eq(projects.id, indicators.projectId))
    .where(and(eq(indicators.id, indicatorId), visibleProjects(ctx.user)));
  if (!row) throw notFound();
  return row.indicator;
}
