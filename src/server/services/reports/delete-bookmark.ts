import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportBookmarks } from '../../db/schema';
import { findBookmark, requireReportRole } from './access';

/** DELETE report/{id}/reportBookmark/{bookmarkId} */
export async function deleteBookmark(ctx: UserServiceContext, reportId: number, bookmarkId: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findBookmark(ctx, reportId, bookmarkId);
  await ctx.db.delete(reportBookmarks).where(eq(reportBookmarks.id, bookmarkId));
}
