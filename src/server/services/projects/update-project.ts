import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { projectsNl } from '../../../shared/i18n/projects';
import type { ProjectUpdate } from '../../../shared/validation/projects';
import { findProject, requireProjectRole } from './access';
import { getProject } from './get-project';
import { listPossibleParents } from './list-possible-parents';
import { checkProjectStatus } from './lookups';

/** PUT project/{id}: any field; a new parent must be one of the possible parents (422 otherwise). */
export async function updateProject(ctx: UserServiceContext, projectId: number, input: ProjectUpdate) {
  requireProjectRole(ctx.user, 'project.edit');
  const project = await findProject(ctx, projectId);
  if (input.status_id !== undefined) await checkProjectStatus(ctx, input.status_id);
  if (input.parent_project_id !== undefined && input.parent_project_id !== null && input.parent_project_id !== project.parentProjectId) {
    const possible = await listPossibleParents(ctx, projectId);
    if (!possible.some((p) => p.id === input.parent_project_id)) {
      throw new AppError('VALIDATION', nl.validation, { parent_project_id: [projectsNl.parentNotPossible] });
    }
  }
  await ctx.db
    .update(projects)
    .set({
      title: input.title,
      client: input.client,
      statusId: input.status_id,
      parentProjectId: input.parent_project_id,
      allowMessaging: input.allow_messaging,
      updatedAt: ctx.now,
    })
    .where(eq(projects.id, projectId));
  return getProject(ctx, projectId);
}
