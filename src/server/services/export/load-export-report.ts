import { asc, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, projects, reportChartOptions, reportCharts, reportSections, reportTexts, reportWidgets } from '../../db/schema';
import { AppError } from '../../errors';
import { reportExportNl } from '../../../shared/i18n/report-export';
import { type ChartRow, type ReportRow, type SectionRow, findReport } from '../reports/access';

export type TextRow = typeof reportTexts.$inferSelect;

export interface ExportReport {
  report: ReportRow;
  project: { id: number; title: string; companyId: number };
  company: string;
  sections: (SectionRow & { charts: (ChartRow & { chartOptions: { key: string; value: unknown }[] })[] })[];
  texts: TextRow[];
  /** The sections' widgets: the PDF shows them as the staff view and the public page do. */
  widgets: (typeof reportWidgets.$inferSelect)[];
}

/**
 * The report with everything the PDF shows, for a user who may see it (404 otherwise) and only when
 * the report allows PDF export — a disabled export looks like a missing one (404), as the spec hides
 * the button then.
 */
export async function loadExportReport(ctx: UserServiceContext, reportId: number): Promise<ExportReport> {
  const report = await findReport(ctx, reportId);
  if (!report.pdfExport) throw new AppError('NOT_FOUND', reportExportNl.notEnabled);
  const [project] = await ctx.db
    .select({ id: projects.id, title: projects.title, companyId: projects.companyId, company: companies.name })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(eq(projects.id, report.projectId));
  const sections = await ctx.db.select().from(reportSections).where(eq(reportSections.reportId, report.id)).orderBy(asc(reportSections.order), asc(reportSections.id));
  const charts = sections.length
    ? await ctx.db.select().from(reportCharts).where(inArray(reportCharts.sectionId, sections.map((s) => s.id))).orderBy(asc(reportCharts.order), asc(reportCharts.id))
    : [];
  const [texts, widgets, options] = await Promise.all([
    ctx.db.select().from(reportTexts).where(eq(reportTexts.reportId, report.id)).orderBy(asc(reportTexts.id)),
    ctx.db.select().from(reportWidgets).where(eq(reportWidgets.reportId, report.id)).orderBy(asc(reportWidgets.order), asc(reportWidgets.id)),
    // The chart settings rows ('Toon legenda', 'Toon waarden', decimals …) win over a chart's options object, in the PDF too.
    charts.length ? ctx.db.select().from(reportChartOptions).where(inArray(reportChartOptions.chartId, charts.map((c) => c.id))) : Promise.resolve([]),
  ]);
  return {
    report,
    project: { id: project!.id, title: project!.title, companyId: project!.companyId },
    company: project!.company,
    sections: sections.map((s) => ({ ...s, charts: charts.filter((c) => c.sectionId === s.id).map((c) => ({ ...c, chartOptions: options.filter((o) => o.chartId === c.id).map((o) => ({ key: o.key, value: o.value })) })) })),
    texts,
    widgets,
  };
}
