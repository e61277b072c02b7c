import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterCategories, filterOptions, reportFilterOptions } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { presentOption } from '../filters/present';
import { findReport, requireReportRole } from '../reports/access';

/**
 * POST (show), DELETE (hide) and PUT { exposed } report/{id}/filterOption/{oid}: whether this
 * report's benchmark menu offers an option of one of its project's categories. The choice is the
 * report's own (report_filter_options), so other reports of the project that offer the same
 * category keep theirs, and it wins over the option's own `exposed` flag from the project's filters
 * tab (which stays the default for reports that made no choice). Another organisation's report or
 * an option outside the report's project: 404.
 */
export async function setOptionExposed(ctx: UserServiceContext, reportId: number, optionId: number, exposed: boolean) {
  requireReportRole(ctx.user, 'dashboard.edit');
  const report = await findReport(ctx, reportId);
  const [row] = await ctx.db
    .select({ option: filterOptions, category: filterCategories })
    .from(filterOptions)
    .innerJoin(filterCategories, eq(filterCategories.id, filterOptions.categoryId))
    .where(and(eq(filterOptions.id, optionId), eq(filterCategories.projectId, report.projectId)));
  if (!row) throw new AppError('NOT_FOUND', nl.notFound);
  await ctx.db
    .insert(reportFilterOptions)
    .values({ reportId, optionId, exposed })
    .onConflictDoUpdate({ target: [reportFilterOptions.reportId, reportFilterOptions.optionId], set: { exposed, updatedAt: ctx.now } });
  return presentOption({ ...row.option, exposed }, row.category);
}
