import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportChartOptions, reportCharts, reportDataLocations, reportTexts } from '../../db/schema';
import { findChart, requireReportRole } from './access';

/** DELETE chart/{id}: its data locations, options and texts go with it (explicitly, not relying on foreign-key pragmas). */
export async function deleteChart(ctx: UserServiceContext, chartId: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findChart(ctx, chartId);
  await ctx.db.batch([
    ctx.db.delete(reportDataLocations).where(eq(reportDataLocations.chartId, chartId)),
    ctx.db.delete(reportChartOptions).where(eq(reportChartOptions.chartId, chartId)),
    ctx.db.delete(reportTexts).where(eq(reportTexts.chartId, chartId)),
    ctx.db.delete(reportCharts).where(eq(reportCharts.id, chartId)),
  ]);
}
