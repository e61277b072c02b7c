import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { read, readAll } from '../../db/reads';
import { projects, reportCharts, reportSections, reports } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { ChartDownloadInput } from '../../../shared/validation/report-data';
import { auditRow } from '../audit/audit-row';
import { findReportRead, requireReportRole } from '../reports/access';

/**
 * POST report/{id}/export/chart { chart_id, format }: the browser makes a chart's CSV and Excel
 * file itself (through the one export writer, from the numbers it already shows) and records the
 * download here first; the file is only made once this answered 204 (ChartData.tsx). The chart
 * must belong to a report the user may see (else 404). Audited as `report.export.csv|xlsx`.
 */
export async function recordChartDownload(ctx: UserServiceContext, reportId: number, input: ChartDownloadInput) {
  requireReportRole(ctx.user, 'dashboard.view');
  const [report, chart] = await readAll(ctx.db, [
    findReportRead(ctx, reportId),
    read(
      [
        ctx.db
          .select({ id: reportCharts.id, title: reportCharts.title, companyId: projects.companyId })
          .from(reportCharts)
          .innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId))
          .innerJoin(reports, eq(reports.id, reportSections.reportId))
          .innerJoin(projects, eq(projects.id, reports.projectId))
          .where(and(eq(reportCharts.id, input.chart_id), eq(reportSections.reportId, reportId))),
      ],
      ([[row]]) => row,
    ),
  ]);
  if (!chart) throw new AppError('NOT_FOUND', nl.notFound);
  const kind = input.format === 'csv' ? 'CSV' : 'Excel';
  await auditRow(ctx, {
    action: `report.export.${input.format}`,
    resource: 'report',
    resourceId: report.id,
    companyId: chart.companyId,
    summary: `Grafiekgegevens gedownload (${kind}): ${chart.title.slice(0, 150) || `grafiek ${chart.id}`} (${chart.id}) uit rapportage ${report.title.slice(0, 150)} (${report.id})`,
  });
}
