import type { UserServiceContext } from '../../context';
import { requireProjectRole } from './access';
import { getProject, type ProjectDetail } from './get-project';

type Part = 'subProjects' | 'reports' | 'surveys' | 'licenses';

/**
 * GET project/{id}/subProject, /report, /survey, /license: one part of the project, read with
 * the project in one round trip (404 when the project is not the user's).
 */
export async function listProjectPart<P extends Part>(ctx: UserServiceContext, projectId: number, part: P): Promise<NonNullable<ProjectDetail[P]>> {
  requireProjectRole(ctx.user, 'project.view');
  const project = await getProject(ctx, projectId, part);
  return project[part] ?? ([] as NonNullable<ProjectDetail[P]>);
}
