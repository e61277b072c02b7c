import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportBookmarks } from '../../db/schema';
import type { BookmarkUpdate } from '../../../shared/validation/reports';
import { findBookmark, requireReportRole } from './access';
import { presentBookmark } from './present';

/** PUT report/{id}/reportBookmark/{bookmarkId} */
export async function updateBookmark(ctx: UserServiceContext, reportId: number, bookmarkId: number, input: BookmarkUpdate) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { bookmark } = await findBookmark(ctx, reportId, bookmarkId);
  if (input.name === undefined && input.query_string === undefined) return presentBookmark(bookmark);
  const set = { name: input.name, queryString: input.query_string === undefined ? undefined : JSON.stringify(input.query_string) };
  const [row] = await ctx.db.update(reportBookmarks).set(set).where(eq(reportBookmarks.id, bookmarkId)).returning();
  return presentBookmark(row!);
}
