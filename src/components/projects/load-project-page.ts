import type { UserServiceContext } from '../../server/context';
import { AppError } from '../../server/errors';
import { getProject, type ProjectDetail } from '../../server/services/projects/get-project';

/**
 * For the project pages: the project with the parts a tab needs, or null when the id is not a
 * number or the project is not the user's (→ 404, the answer the API gives too).
 */
export async function loadProjectPage(ctx: UserServiceContext, rawId: string | undefined, include = ''): Promise<ProjectDetail | null> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0) return null;
  try {
    return await getProject(ctx, id, include ? `parent,${include}` : 'parent');
  } catch (err) {
    if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN')) return null;
    throw err;
  }
}
