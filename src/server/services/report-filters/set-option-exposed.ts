import { and, eq, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterCategories, filterOptions, reportFilterCategories, reports } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { reportFiltersNl } from '../../../shared/i18n/report-filters';
import { presentOption } from '../filters/present';
import { findReport, requireReportRole } from '../reports/access';

/**
 * POST (show), DELETE (hide) and PUT { exposed } report/{id}/filterOption/{oid}: whether the report's
 * menu offers an option. There is no per-report storage, so this writes the option's own `exposed`
 * flag, and only when that changes nothing for other reports: the option's category must be attached
 * to this report, and no other report of the project may offer it (by attaching it, or by having no
 * categories of its own and so offering all of the project's). Otherwise 409 with a Dutch message.
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
  const [own] = await ctx.db
    .select({ id: reportFilterCategories.categoryId })
    .from(reportFilterCategories)
    .where(and(eq(reportFilterCategories.reportId, reportId), eq(reportFilterCategories.categoryId, row.category.id)));
  const attachedElsewhere = sql`exists (select 1 from ${reportFilterCategories} where ${reportFilterCategories.reportId} = ${reports.id} and ${reportFilterCategories.categoryId} = ${row.category.id})`;
  const offersProjectDefault = notExists(ctx.db.select({ one: sql`1` }).from(reportFilterCategories).where(eq(reportFilterCategories.reportId, reports.id)));
  const [other] = await ctx.db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.projectId, report.projectId), ne(reports.id, reportId), isNull(reports.deletedAt), or(attachedElsewhere, offersProjectDefault)))
    .limit(1);
  if (!own || other) throw new AppError('CONFLICT', reportFiltersNl.sharedOption);
  const [updated] = await ctx.db.update(filterOptions).set({ exposed }).where(eq(filterOptions.id, optionId)).returning();
  return presentOption(updated!, row.category);
}
