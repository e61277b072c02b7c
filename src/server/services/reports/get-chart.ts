import { asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportChartOptions, reportDataLocations, reportTexts } from '../../db/schema';
import { findChart, requireReportRole } from './access';
import { presentChart } from './present';

/** GET chart/{id}: the chart with its data locations, chart options (merged into options) and texts. */
export async function getChart(ctx: UserServiceContext, chartId: number) {
  requireReportRole(ctx.user, 'dashboard.view');
  const { chart } = await findChart(ctx, chartId);
  const locations = await ctx.db.select().from(reportDataLocations).where(eq(reportDataLocations.chartId, chartId)).orderBy(asc(reportDataLocations.order), asc(reportDataLocations.id));
  const chartOptions = await ctx.db.select().from(reportChartOptions).where(eq(reportChartOptions.chartId, chartId)).orderBy(asc(reportChartOptions.key));
  const texts = await ctx.db.select().from(reportTexts).where(eq(reportTexts.chartId, chartId)).orderBy(asc(reportTexts.id));
  return presentChart(chart, locations, { chartOptions, texts });
}
