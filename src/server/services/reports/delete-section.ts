import { and, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportChartOptions, reportCharts, reportDataLocations, reportSections, reportTexts, reportWidgets } from '../../db/schema';
import { findReportSection, requireReportRole } from './access';

/** DELETE report/{id}/section/{sectionId}: its charts (with data locations, options, texts), texts and widgets go with it, in one batch. */
export async function deleteSection(ctx: UserServiceContext, reportId: number, sectionId: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findReportSection(ctx, reportId, sectionId);
  const charts = ctx.db.select({ id: reportCharts.id }).from(reportCharts).where(eq(reportCharts.sectionId, sectionId));
  await ctx.db.batch([
    ctx.db.delete(reportDataLocations).where(inArray(reportDataLocations.chartId, charts)),
    ctx.db.delete(reportChartOptions).where(inArray(reportChartOptions.chartId, charts)),
    ctx.db.delete(reportTexts).where(and(eq(reportTexts.reportId, reportId), inArray(reportTexts.chartId, charts))),
    ctx.db.delete(reportTexts).where(eq(reportTexts.sectionId, sectionId)),
    ctx.db.delete(reportWidgets).where(eq(reportWidgets.sectionId, sectionId)),
    ctx.db.delete(reportCharts).where(eq(reportCharts.sectionId, sectionId)),
    ctx.db.delete(reportSections).where(eq(reportSections.id, sectionId)),
  ]);
}
