import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { reportChartOptions, reportCharts, reports, reportSections } from '../../src/server/db/schema';
import { createChartOption } from '../../src/server/services/reports/create-chart-option';
import { updateReport } from '../../src/server/services/reports/update-report';
import { ChartOptionInput } from '../../src/shared/validation/reports-parts';
import { ReportUpdate } from '../../src/shared/validation/reports';
import { CONCEPT_REPORT_TITLE, seedContext } from './reports';

/**
 * Issue 12 demo: the concept report chooses its period in whole months (date filter on, month
 * granularity, the current year) and its satisfaction chart shows the margin of error, so the
 * period pickers and the margins have demo content. Report 1 keeps its fixed period (the date
 * filter off). Runs once: skipped when the chart option exists.
 */
export async function seedReportDates(db: Db, today = new Date()): Promise<void> {
  const [concept] = await db.select({ id: reports.id }).from(reports).where(and(eq(reports.projectId, 1), eq(reports.title, CONCEPT_REPORT_TITLE)));
  if (!concept) return;
  const [chart] = await db
    .select({ id: reportCharts.id })
    .from(reportCharts)
    .innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId))
    .where(and(eq(reportSections.reportId, concept.id), eq(reportCharts.title, 'Tevredenheid over de dienstverlening')));
  if (!chart) return;
  const [done] = await db.select({ id: reportChartOptions.id }).from(reportChartOptions).where(and(eq(reportChartOptions.chartId, chart.id), eq(reportChartOptions.key, 'showMarginOfError')));
  if (done) return;
  const ctx = seedContext(db, today);
  await updateReport(ctx, concept.id, ReportUpdate.parse({ date_filter: true, date_granularity: 'month', start_date: `${today.getUTCFullYear()}-01-01` }));
  await createChartOption(ctx, chart.id, ChartOptionInput.parse({ key: 'showMarginOfError', value: true }));
}
