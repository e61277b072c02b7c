import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { UserServiceContext } from '../../context';
import { projects } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { hasRole, type Role } from '../../../shared/permissions';
import { visibleProjects } from './scope';

export type ProjectRow = typeof projects.$inferSelect;

/** project.view reads, project.create creates, project.edit changes (the route guards say the same). */
export function requireProjectRole(user: SessionUser, role: Extract<Role, `project.${string}`>): void {
  if (!hasRole(user, role)) throw new AppError('FORBIDDEN', nl.forbidden);
}

export const notFound = () => new AppError('NOT_FOUND', nl.notFound);

/** A project the user may open (visibleProjects), else 404 — another company's id looks absent. */
export async function findProject(ctx: UserServiceContext, projectId: number): Promise<ProjectRow> {
  const [row] = await ctx.db.select().from(projects).where(and(eq(projects.id, projectId), visibleProjects(ctx.user)));
  if (!row) throw notFound();
  return row;
}

/** Marks the project as changed (Laatste update, project age colouring). */
export const touchProject = (ctx: UserServiceContext, projectId: number) =>
  ctx.db.update(projects).set({ updatedAt: ctx.now }).where(eq(projects.id, projectId));
