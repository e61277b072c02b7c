import { inArray, type SQLWrapper } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { reportChartOptions, reportCharts, reportDataLocations, reportSections, reportTexts, reportWidgets } from '../../db/schema';

/**
 * The statements that remove the content of the reports selected by `reportIds` (a subquery of
 * report ids): sections, charts, data locations, chart options, texts and widgets, children first.
 * Explicit rather than by cascade, because a deleted report itself is only marked deleted.
 */
export function contentDeleteStatements(db: Db, reportIds: SQLWrapper): BatchItem<'sqlite'>[] {
  const sections = db.select({ id: reportSections.id }).from(reportSections).where(inArray(reportSections.reportId, reportIds));
  const charts = db.select({ id: reportCharts.id }).from(reportCharts).where(inArray(reportCharts.sectionId, sections));
  return [
    db.delete(reportDataLocations).where(inArray(reportDataLocations.chartId, charts)),
    db.delete(reportChartOptions).where(inArray(reportChartOptions.chartId, charts)),
    db.delete(reportTexts).where(inArray(reportTexts.reportId, reportIds)),
    db.delete(reportWidgets).where(inArray(reportWidgets.reportId, reportIds)),
    db.delete(reportCharts).where(inArray(reportCharts.sectionId, sections)),
    db.delete(reportSections).where(inArray(reportSections.reportId, reportIds)),
  ];
}
