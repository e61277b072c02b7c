import { and, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectRoles, projects } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { endOfDay } from '../../../shared/format';
import { visibleProjects } from '../projects/scope';

const DAY = 86_400_000;
/** A demo account lives at most this long (the admin can extend it up to the same limit). */
export const DEMO_MAX_DAYS = 90;

/** The end of a demo account: the end of the given day (UTC), in the future and within 90 days. */
export function demoExpiry(ctx: UserServiceContext, day: string): Date {
  const end = endOfDay(day);
  if (end.getTime() <= ctx.now.getTime() || end.getTime() > ctx.now.getTime() + (DEMO_MAX_DAYS + 1) * DAY) {
    throw new AppError('VALIDATION', nl.validation, { demo_expires_at: [usersNl.demoExpiry] });
  }
  return end;
}

/**
 * The projects a demo account will read: projects of its company the actor may see, each joined
 * as 'Meelezer' (the reading project role).
 */
export async function demoMemberships(ctx: UserServiceContext, companyId: number, projectIds: number[]) {
  const ids = [...new Set(projectIds)];
  const [found, [reader]] = await ctx.db.batch([
    ctx.db
      .select({ id: projects.id })
      .from(projects)
      .where(and(inArray(projects.id, ids), eq(projects.companyId, companyId), visibleProjects(ctx.user))),
    ctx.db.select({ id: projectRoles.id }).from(projectRoles).where(eq(projectRoles.name, 'Meelezer')),
  ]);
  if (found.length !== ids.length) throw new AppError('VALIDATION', nl.validation, { project_ids: [usersNl.demoProjects] });
  return ids.map((projectId) => ({ projectId, projectRoleId: reader?.id ?? null }));
}
