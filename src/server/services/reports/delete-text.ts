import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportTexts } from '../../db/schema';
import { findText, requireReportRole } from './access';

/** DELETE text/{id} */
export async function deleteText(ctx: UserServiceContext, textId: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findText(ctx, textId);
  await ctx.db.delete(reportTexts).where(eq(reportTexts.id, textId));
}
