import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportDataLocations } from '../../db/schema';
import { reportsNl } from '../../../shared/i18n/reports';
import type { OrderInput } from '../../../shared/validation/reports';
import { findChart, requireReportRole } from './access';
import { newOrder } from './reorder';

/** PATCH chart/{chartId}/dataLocation/order: atomic; data locations of another chart → 422. */
export async function reorderDataLocations(ctx: UserServiceContext, chartId: number, input: OrderInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findChart(ctx, chartId);
  const current = await ctx.db.select({ id: reportDataLocations.id }).from(reportDataLocations).where(eq(reportDataLocations.chartId, chartId)).orderBy(asc(reportDataLocations.order), asc(reportDataLocations.id));
  const ids = newOrder(current.map((r) => r.id), input.order, reportsNl.dataLocation);
  const [first, ...rest] = ids.map((i, order) => ctx.db.update(reportDataLocations).set({ order }).where(and(eq(reportDataLocations.id, i), eq(reportDataLocations.chartId, chartId))));
  await ctx.db.batch([first!, ...rest]);
  return ids.map((i, order) => ({ id: i, order }));
}
