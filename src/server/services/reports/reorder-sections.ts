import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportSections } from '../../db/schema';
import { reportsNl } from '../../../shared/i18n/reports';
import type { OrderInput } from '../../../shared/validation/reports';
import { findReport, requireReportRole } from './access';
import { newOrder } from './reorder';

/** PATCH report/{id}/section/order { order: [ids] }: atomic; ids of another report → 422, nothing changes. */
export async function reorderSections(ctx: UserServiceContext, reportId: number, input: OrderInput) {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findReport(ctx, reportId);
  const current = await ctx.db.select({ id: reportSections.id }).from(reportSections).where(eq(reportSections.reportId, reportId)).orderBy(asc(reportSections.order), asc(reportSections.id));
  const ids = newOrder(current.map((r) => r.id), input.order, reportsNl.section);
  const [first, ...rest] = ids.map((id, i) => ctx.db.update(reportSections).set({ order: i }).where(and(eq(reportSections.id, id), eq(reportSections.reportId, reportId))));
  await ctx.db.batch([first!, ...rest]);
  return ids.map((id, order) => ({ id, order }));
}
