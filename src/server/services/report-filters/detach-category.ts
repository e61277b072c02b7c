import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportFilterCategories } from '../../db/schema';
import { AppError } from '../../errors';
import { reportFiltersNl } from '../../../shared/i18n/report-filters';
import { findReport, requireReportRole } from '../reports/access';
import { listReportFilters } from './list-report-filters';

/**
 * DELETE report/{id}/filterCategory/{cid}: the report no longer offers the category. Detaching the
 * last one makes the report offer the project's categories again (the default). 404 when not attached.
 */
export async function detachFilterCategory(ctx: UserServiceContext, reportId: number, categoryId: number) {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findReport(ctx, reportId);
  const where = and(eq(reportFilterCategories.reportId, reportId), eq(reportFilterCategories.categoryId, categoryId));
  const removed = await ctx.db.delete(reportFilterCategories).where(where).returning({ id: reportFilterCategories.categoryId });
  if (!removed.length) throw new AppError('NOT_FOUND', reportFiltersNl.notAttached);
  return listReportFilters(ctx, reportId);
}
