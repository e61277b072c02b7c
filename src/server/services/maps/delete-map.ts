import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companyMaps, reportChartMaps, reportCharts, reportSections, reports } from '../../db/schema';
import { AppError } from '../../errors';
import { mapsNl } from '../../../shared/i18n/maps';
import { findMap } from './access';

/** DELETE company/{id}/map/{mid} (company.edit): refused (409) while a chart uses the map, naming those charts and their reports. */
export async function deleteMap(ctx: UserServiceContext, companyId: number, mapId: number): Promise<void> {
  const row = await findMap(ctx, companyId, mapId, true);
  const users = await ctx.db
    .select({ chart: reportCharts.title, report: reports.title })
    .from(reportChartMaps)
    .innerJoin(reportCharts, eq(reportCharts.id, reportChartMaps.chartId))
    .innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId))
    .innerJoin(reports, eq(reports.id, reportSections.reportId))
    .where(eq(reportChartMaps.mapId, row.id));
  if (users.length) throw new AppError('CONFLICT', mapsNl.inUse(users));
  await ctx.db.delete(companyMaps).where(eq(companyMaps.id, row.id));
}
