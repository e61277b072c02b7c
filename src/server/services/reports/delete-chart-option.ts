import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportChartOptions } from '../../db/schema';
import { findChartOption, requireReportRole } from './access';

/** DELETE chart/{chartId}/chartOption/{id}: the chart falls back to its default for that key. */
export async function deleteChartOption(ctx: UserServiceContext, chartId: number, optionId: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findChartOption(ctx, chartId, optionId);
  await ctx.db.delete(reportChartOptions).where(eq(reportChartOptions.id, optionId));
}
