import { eq, inArray, or } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportBookmarks, reportChartOptions, reportCharts, reportDataLocations, reports, reportSections, reportTexts, reportWidgets } from '../../db/schema';
import { findReport, requireReportRole } from './access';

/**
 * DELETE report/{id}: the report and its variants are marked deleted (kept for the admin's loose
 * ends) and their sections, charts, data locations, chart options, texts, widgets and bookmarks
 * are removed, in one batch.
 */
export async function deleteReport(ctx: UserServiceContext, reportId: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findReport(ctx, reportId);
  const tree = ctx.db.select({ id: reports.id }).from(reports).where(or(eq(reports.id, reportId), eq(reports.parentReportId, reportId)));
  const sections = ctx.db.select({ id: reportSections.id }).from(reportSections).where(inArray(reportSections.reportId, tree));
  const charts = ctx.db.select({ id: reportCharts.id }).from(reportCharts).where(inArray(reportCharts.sectionId, sections));
  await ctx.db.batch([
    ctx.db.delete(reportDataLocations).where(inArray(reportDataLocations.chartId, charts)),
    ctx.db.delete(reportChartOptions).where(inArray(reportChartOptions.chartId, charts)),
    ctx.db.delete(reportTexts).where(inArray(reportTexts.reportId, tree)),
    ctx.db.delete(reportWidgets).where(inArray(reportWidgets.reportId, tree)),
    ctx.db.delete(reportCharts).where(inArray(reportCharts.sectionId, sections)),
    ctx.db.delete(reportSections).where(inArray(reportSections.reportId, tree)),
    ctx.db.delete(reportBookmarks).where(inArray(reportBookmarks.reportId, tree)),
    ctx.db.update(reports).set({ deletedAt: ctx.now }).where(or(eq(reports.id, reportId), eq(reports.parentReportId, reportId))),
  ]);
}
