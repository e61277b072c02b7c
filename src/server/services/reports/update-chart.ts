import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportCharts } from '../../db/schema';
import type { ChartUpdate } from '../../../shared/validation/reports';
import { findChart, requireReportRole } from './access';
import { chartFields } from './chart-fields';
import { presentChart } from './present';

/** PUT chart/{id} */
export async function updateChart(ctx: UserServiceContext, chartId: number, input: ChartUpdate) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const { chart } = await findChart(ctx, chartId);
  const set = chartFields(input);
  if (Object.values(set).every((v) => v === undefined)) return presentChart(chart);
  const [row] = await ctx.db.update(reportCharts).set(set).where(eq(reportCharts.id, chartId)).returning();
  return presentChart(row!);
}
