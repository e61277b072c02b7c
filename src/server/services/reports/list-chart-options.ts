import { asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportChartOptions } from '../../db/schema';
import { findChart, findChartOption, requireReportRole } from './access';
import { presentChartOption } from './present';

/** GET chart/{chartId}/chartOption: the chart's options in key order. */
export async function listChartOptions(ctx: UserServiceContext, chartId: number) {
  requireReportRole(ctx.user, 'dashboard.view');
  await findChart(ctx, chartId);
  const rows = await ctx.db.select().from(reportChartOptions).where(eq(reportChartOptions.chartId, chartId)).orderBy(asc(reportChartOptions.key));
  return rows.map(presentChartOption);
}

/** GET chart/{chartId}/chartOption/{id} */
export async function getChartOption(ctx: UserServiceContext, chartId: number, optionId: number) {
  requireReportRole(ctx.user, 'dashboard.view');
  return presentChartOption((await findChartOption(ctx, chartId, optionId)).option);
}
