import { asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportDataLocations } from '../../db/schema';
import { findChart, requireReportRole } from './access';
import { presentChart } from './present';

/** GET chart/{id}: the chart with its data locations. */
export async function getChart(ctx: UserServiceContext, chartId: number) {
  requireReportRole(ctx.user, 'dashboard.view');
  const { chart } = await findChart(ctx, chartId);
  const locations = await ctx.db.select().from(reportDataLocations).where(eq(reportDataLocations.chartId, chartId)).orderBy(asc(reportDataLocations.order), asc(reportDataLocations.id));
  return presentChart(chart, locations);
}
