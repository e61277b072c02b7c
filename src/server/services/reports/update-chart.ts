import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportChartOptions, reportCharts } from '../../db/schema';
import type { ChartUpdate } from '../../../shared/validation/reports';
import { findChart, requireReportRole } from './access';
import { chartFields } from './chart-fields';
import { presentChart } from './present';

/** PUT chart/{id}: answers with the effective options (chart option rows overlaid), like GET chart/{id}. */
export async function updateChart(ctx: UserServiceContext, chartId: number, input: ChartUpdate) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { chart } = await findChart(ctx, chartId);
  const set = chartFields(input);
  const row = Object.values(set).every((v) => v === undefined) ? chart : (await ctx.db.update(reportCharts).set(set).where(eq(reportCharts.id, chartId)).returning())[0]!;
  const chartOptions = await ctx.db.select().from(reportChartOptions).where(eq(reportChartOptions.chartId, chartId));
  const { chartOptions: _rows, ...presented } = presentChart(row, undefined, { chartOptions });
  return presented;
}
