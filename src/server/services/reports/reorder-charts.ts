import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportCharts } from '../../db/schema';
import { reportsNl } from '../../../shared/i18n/reports';
import type { OrderInput } from '../../../shared/validation/reports';
import { findSection, requireReportRole } from './access';
import { newOrder } from './reorder';

/** PATCH section/{sectionId}/chart/order: atomic; charts of another section → 422, nothing changes. */
export async function reorderCharts(ctx: UserServiceContext, sectionId: number, input: OrderInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findSection(ctx, sectionId);
  const current = await ctx.db.select({ id: reportCharts.id }).from(reportCharts).where(eq(reportCharts.sectionId, sectionId)).orderBy(asc(reportCharts.order), asc(reportCharts.id));
  const ids = newOrder(current.map((r) => r.id), input.order, reportsNl.chart);
  const [first, ...rest] = ids.map((id, i) => ctx.db.update(reportCharts).set({ order: i }).where(and(eq(reportCharts.id, id), eq(reportCharts.sectionId, sectionId))));
  await ctx.db.batch([first!, ...rest]);
  return ids.map((id, order) => ({ id, order }));
}
