import type { UserServiceContext } from '../../context';
import { projects, projectUsers } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { projectsNl } from '../../../shared/i18n/projects';
import type { ProjectInput } from '../../../shared/validation/projects';
import { findProject, requireProjectRole } from './access';
import { getProject } from './get-project';
import { PROJECT_LEADER_ROLE } from './list-projects';
import { checkProjectStatus } from './lookups';

/**
 * POST project (NewProject). A sub-project belongs to its parent's organisation (a parent the
 * user can't open is a 404); a top-level project to the creator's. The creator becomes its
 * Projectleider, so the project is theirs from the start.
 */
export async function createProject(ctx: UserServiceContext, input: ProjectInput) {
  requireProjectRole(ctx.user, 'project.create');
  const parent = input.parent_project_id ? await findProject(ctx, input.parent_project_id) : null;
  const companyId = parent?.companyId ?? ctx.user.companyId;
  if (companyId === null) throw new AppError('VALIDATION', nl.validation, { parent_project_id: [projectsNl.parentNotPossible] });
  await checkProjectStatus(ctx, input.status_id);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projects)
      .values({
        companyId,
        parentProjectId: parent?.id ?? null,
        statusId: input.status_id,
        title: input.title,
        client: input.client ?? '',
        allowMessaging: input.allow_messaging ?? true,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: projects.id });
    await tx.insert(projectUsers).values({ projectId: row!.id, userId: ctx.user.id, projectRoleId: PROJECT_LEADER_ROLE });
    return row!.id;
  });
  return getProject(ctx, id);
}
