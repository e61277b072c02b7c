import { auditRow } from '../audit/audit-row';
import { and, inArray, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reports } from '../../db/schema';
import { findProject, requireProjectRole } from './access';
import { projectAndDescendants } from './tree';

/**
 * DELETE project/{id}: a soft delete of the project, its sub-projects (any depth) and their
 * reports, all with the same deleted_at, so an admin can restore them together later.
 */
export async function deleteProject(ctx: UserServiceContext, projectId: number): Promise<void> {
  requireProjectRole(ctx.user, 'project.edit');
  const project = await findProject(ctx, projectId);
  const tree = projectAndDescendants(projectId);
  await ctx.db.batch([
    auditRow(ctx, { action: 'project.delete', resource: 'project', resourceId: projectId, companyId: project.companyId, summary: `Project verwijderd (met subprojecten en rapportages): ${project.title}` }),
    ctx.db.update(reports).set({ deletedAt: ctx.now }).where(and(inArray(reports.projectId, tree), isNull(reports.deletedAt))),
    ctx.db.update(projects).set({ deletedAt: ctx.now }).where(and(inArray(projects.id, tree), isNull(projects.deletedAt))),
  ]);
}
