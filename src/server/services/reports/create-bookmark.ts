import type { UserServiceContext } from '../../context';
import { reportBookmarks } from '../../db/schema';
import type { BookmarkInput } from '../../../shared/validation/reports';
import { findReport, requireReportRole } from './access';
import { presentBookmark } from './present';

/** POST report/{id}/reportBookmark { name, query_string }: query_string is stored as JSON text. */
export async function createBookmark(ctx: UserServiceContext, reportId: number, input: BookmarkInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findReport(ctx, reportId);
  const [row] = await ctx.db.insert(reportBookmarks).values({ reportId, name: input.name, queryString: JSON.stringify(input.query_string) }).returning();
  return presentBookmark(row!);
}
