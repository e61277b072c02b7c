import type { UserServiceContext } from '../../context';
import { reportChartOptions } from '../../db/schema';
import type { ChartOptionInput } from '../../../shared/validation/reports-parts';
import { findChart, requireReportRole } from './access';
import { presentChartOption } from './present';

/** POST chart/{chartId}/chartOption { key, value }: one row per key; posting a key again replaces its value. */
export async function createChartOption(ctx: UserServiceContext, chartId: number, input: ChartOptionInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findChart(ctx, chartId);
  const [row] = await ctx.db
    .insert(reportChartOptions)
    .values({ chartId, key: input.key, value: input.value })
    .onConflictDoUpdate({ target: [reportChartOptions.chartId, reportChartOptions.key], set: { value: input.value, updatedAt: ctx.now } })
    .returning();
  return presentChartOption(row!);
}
