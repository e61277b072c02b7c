import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportWidgets } from '../../db/schema';
import { reportsNl } from '../../../shared/i18n/reports';
import type { OrderInput } from '../../../shared/validation/reports';
import { findSection, requireReportRole } from './access';
import { newOrder } from './reorder';

/** PATCH section/{sectionId}/widget/order: atomic; widgets of another section → 422, nothing changes. */
export async function reorderWidgets(ctx: UserServiceContext, sectionId: number, input: OrderInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findSection(ctx, sectionId);
  const current = await ctx.db.select({ id: reportWidgets.id }).from(reportWidgets).where(eq(reportWidgets.sectionId, sectionId)).orderBy(asc(reportWidgets.order), asc(reportWidgets.id));
  const ids = newOrder(current.map((r) => r.id), input.order, reportsNl.widget);
  const [first, ...rest] = ids.map((id, order) => ctx.db.update(reportWidgets).set({ order }).where(and(eq(reportWidgets.id, id), eq(reportWidgets.sectionId, sectionId))));
  await ctx.db.batch([first!, ...rest]);
  return ids.map((id, order) => ({ id, order }));
}
