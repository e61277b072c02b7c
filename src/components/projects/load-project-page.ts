import type { UserServiceContext } from '../../server/context';
import { readAll, type Read } from '../../server/db/reads';
import { AppError } from '../../server/errors';
import { getProject, projectRead, type ProjectDetail } from '../../server/services/projects/get-project';
import { shellRead, type ShellData } from '../../server/services/shell/load-shell';

/**
 * For the project pages: the project with the parts a tab needs, or null when the id is not a
 * number or the project is not the user's (→ 404, the answer the API gives too).
 */
export async function loadProjectPage(ctx: UserServiceContext, rawId: string | undefined, include = ''): Promise<ProjectDetail | null> {
  return orNotFound(rawId, (id) => getProject(ctx, id, withParent(include)));
}

/**
 * loadProjectPage with the app shell's rows and the tab's own read (`more`, given the project id)
 * in the same batch: one round trip after the session check (issue 20). Hand `shell` to ProjectFrame.
 */
export async function loadProjectView<T>(ctx: UserServiceContext, rawId: string | undefined, include: string, more: (projectId: number) => Read<T>) {
  return orNotFound(rawId, async (id) => {
    const [project, shell, extra] = await readAll(ctx.db, [projectRead(ctx, id, withParent(include)), shellRead(ctx), more(id)]);
    return { project, shell: shell as ShellData, more: extra as T };
  });
}

const withParent = (include: string) => (include ? `parent,${include}` : 'parent');

async function orNotFound<T>(rawId: string | undefined, load: (id: number) => Promise<T>): Promise<T | null> {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0) return null;
  try {
    return await load(id);
  } catch (err) {
    if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN')) return null;
    throw err;
  }
}
