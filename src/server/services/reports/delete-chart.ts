import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportCharts, reportDataLocations } from '../../db/schema';
import { findChart, requireReportRole } from './access';

/** DELETE chart/{id}: its data locations go with it. */
export async function deleteChart(ctx: UserServiceContext, chartId: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findChart(ctx, chartId);
  await ctx.db.batch([ctx.db.delete(reportDataLocations).where(eq(reportDataLocations.chartId, chartId)), ctx.db.delete(reportCharts).where(eq(reportCharts.id, chartId))]);
}
