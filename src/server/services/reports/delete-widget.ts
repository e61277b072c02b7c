import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportWidgets } from '../../db/schema';
import { findWidget, requireReportRole } from './access';

/** DELETE widget/{id} */
export async function deleteWidget(ctx: UserServiceContext, widgetId: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findWidget(ctx, widgetId);
  await ctx.db.delete(reportWidgets).where(eq(reportWidgets.id, widgetId));
}
