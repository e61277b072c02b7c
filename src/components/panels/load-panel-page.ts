import type { UserServiceContext } from '../../server/context';
import { AppError } from '../../server/errors';
import { getPanel } from '../../server/services/panels/get-panel';

/** The panel of a /panel/:id page, or null (→ 404) for an unknown id or another organisation's panel. */
export async function loadPanelPage(ctx: UserServiceContext, rawId: string | undefined, include: ('fields' | 'users')[] = []) {
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  try {
    return await getPanel(ctx, id, include, { withImage: false });
  } catch (err) {
    if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN')) return null;
    throw err;
  }
}
