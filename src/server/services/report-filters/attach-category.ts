import { and, eq, max } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportFilterCategories } from '../../db/schema';
import { AppError } from '../../errors';
import { reportFiltersNl } from '../../../shared/i18n/report-filters';
import { findCategory } from '../filters/access';
import { findReport, requireReportRole } from '../reports/access';
import { listReportFilters } from './list-report-filters';

/**
 * POST report/{id}/filterCategory/{cid}: the report offers the project category from now on (at the
 * end of its menu). The category must be of the report's project, on a survey still linked to it
 * (findCategory: 404 when invisible). Attaching twice changes nothing. Answers the menu (GET shape)
 * and whether a row was added.
 */
export async function attachFilterCategory(ctx: UserServiceContext, reportId: number, categoryId: number) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const report = await findReport(ctx, reportId);
  const category = await findCategory(ctx, categoryId);
  if (category.projectId !== report.projectId) throw new AppError('VALIDATION', reportFiltersNl.notOfProject, { filterCategory: [reportFiltersNl.notOfProject] });
  const where = and(eq(reportFilterCategories.reportId, reportId), eq(reportFilterCategories.categoryId, categoryId));
  const [existing] = await ctx.db.select({ id: reportFilterCategories.categoryId }).from(reportFilterCategories).where(where);
  if (!existing) {
    const [last] = await ctx.db.select({ max: max(reportFilterCategories.order) }).from(reportFilterCategories).where(eq(reportFilterCategories.reportId, reportId));
    await ctx.db.insert(reportFilterCategories).values({ reportId, categoryId, order: (last?.max ?? -1) + 1 }).onConflictDoNothing();
  }
  return { created: !existing, menu: await listReportFilters(ctx, reportId) };
}
