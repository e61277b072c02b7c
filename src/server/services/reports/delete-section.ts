import { and, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { reportCharts, reportDataLocations, reportSections } from '../../db/schema';
import { findReportSection, requireReportRole } from './access';

/** DELETE report/{id}/section/{sectionId}: its charts and their data locations go with it, in one batch. */
export async function deleteSection(ctx: UserServiceContext, reportId: number, sectionId: number): Promise<void> {
  requireReportRole(ctx.user, 'dashboard.edit');
  await findReportSection(ctx, reportId, sectionId);
  const charts = ctx.db.select({ id: reportCharts.id }).from(reportCharts).where(eq(reportCharts.sectionId, sectionId));
  await ctx.db.batch([
    ctx.db.delete(reportDataLocations).where(inArray(reportDataLocations.chartId, charts)),
    ctx.db.delete(reportCharts).where(eq(reportCharts.sectionId, sectionId)),
    ctx.db.delete(reportSections).where(eq(reportSections.id, sectionId)),
  ]);
}
