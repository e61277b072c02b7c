import { asc, eq, inArray } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { type Read, combine, constant, read, readOne } from '../../db/reads';
import { companies, filterCategories, filterOptions, projects, reportChartOptions, reportCharts, reports, reportSections, reportTexts, reportWidgets } from '../../db/schema';
import { AppError } from '../../errors';
import { reportExportNl } from '../../../shared/i18n/report-export';
import type { ReportDataBody } from '../../../shared/validation/report-data';
import type { PdfTheme } from '../../pdf/model';
import { type ChartRow, type ReportRow, type SectionRow, requireReportRole } from '../reports/access';
import type { SurveyInputs } from '../report-data/compute-report-data';
import { columnTextsRead } from '../report-data/column-texts';
import { filterCatalogRead } from '../report-data/load-filter-catalog';
import { type ResolvedScope, scopeRead, scopeSurveyIds } from '../report-data/resolve-scope';
import { effectiveThemeRows } from '../themes/effective-theme';
import type { BenchmarkOption } from './describe-benchmarks';
import { pdfThemeOf } from './pdf-theme';
import { withSchemeSurvey } from '../report-data/report-weighting';
import { schemeInputsRead } from '../report-data/compute-report-data';

export type TextRow = typeof reportTexts.$inferSelect;

export interface ExportReport {
  report: ReportRow;
  project: { id: number; title: string; companyId: number };
  company: string;
  sections: (SectionRow & { charts: (ChartRow & { chartOptions: { key: string; value: unknown }[] })[] })[];
  texts: TextRow[];
  /** The sections' widgets: the PDF shows them as the staff view and the public page do. */
  widgets: (typeof reportWidgets.$inferSelect)[];
  /** What the data call and the cover need, read in the same batch: the report's data locations, the surveys' texts and catalogues, the benchmarks' filter options, the company's PDF theme. */
  data: { scope: ResolvedScope; inputs: SurveyInputs; lang: string; options: BenchmarkOption[]; theme: PdfTheme };
}

/**
 * The report with everything the PDF shows, for a user who may see it (404 otherwise) and only when
 * the report allows PDF export — a disabled export looks like a missing one (404), as the spec hides
 * the button then.
 */
export async function loadExportReport(ctx: UserServiceContext, reportId: number, body: ReportDataBody): Promise<ExportReport> {
  return readOne(ctx.db, exportReportRead(ctx, reportId, body));
}

/**
 * loadExportReport as ONE read (one round trip after the session check, issue 20): the report with
 * its access rule and data locations, its project and company, sections, charts and texts, every
 * survey's column texts and filter catalogue, the benchmarks' filter options and the company's PDF
 * theme — ids the reads depend on (project, company, sections, surveys) as subqueries. The report's
 * 404 (and the disabled export's) is thrown before any other result is looked at.
 */
export function exportReportRead(ctx: UserServiceContext, reportId: number, body: ReportDataBody): Read<ExportReport> {
  requireReportRole(ctx.user, 'dashboard.view');
  const { db } = ctx;
  const projectId = db.select({ id: reports.projectId }).from(reports).where(eq(reports.id, reportId));
  const companyId = db.select({ id: projects.companyId }).from(projects).where(eq(projects.id, projectId));
  const sectionIds = db.select({ id: reportSections.id }).from(reportSections).where(eq(reportSections.reportId, reportId));
  const surveyIds = scopeSurveyIds(db, reportId, { kind: 'report' });
  const rows = read(
    [
      db
        .select({ id: projects.id, title: projects.title, companyId: projects.companyId, company: companies.name })
        .from(projects)
        .innerJoin(companies, eq(companies.id, projects.companyId))
        .where(eq(projects.id, projectId)),
      db.select().from(reportSections).where(eq(reportSections.reportId, reportId)).orderBy(asc(reportSections.order), asc(reportSections.id)),
      db.select().from(reportCharts).where(inArray(reportCharts.sectionId, sectionIds)).orderBy(asc(reportCharts.order), asc(reportCharts.id)),
      db.select().from(reportTexts).where(eq(reportTexts.reportId, reportId)).orderBy(asc(reportTexts.id)),
      effectiveThemeRows(db, companyId, 'pdf'),
      db.select().from(reportWidgets).where(eq(reportWidgets.reportId, reportId)).orderBy(asc(reportWidgets.order), asc(reportWidgets.id)),
      // The chart settings rows ('Toon legenda', 'Toon waarden', decimals …) win over a chart's options object, in the PDF too.
      db.select().from(reportChartOptions).where(inArray(reportChartOptions.chartId, db.select({ id: reportCharts.id }).from(reportCharts).where(inArray(reportCharts.sectionId, sectionIds)))),
    ],
    (results) => results,
  );
  // The texts of the scheme's survey too: they name its variables ('Gewogen naar …').
  const textsAndCatalog = combine(textsInAnyLanguage(db, withSchemeSurvey(db, reportId, surveyIds)), filterCatalogRead(db, { id: reportId, projectId }, surveyIds), (texts, catalog) => ({ texts, catalog }));
  // The report's weighting scheme: the PDF's numbers are weighted as the staff view's are.
  const inputs = combine(textsAndCatalog, schemeInputsRead(db, reportId), (t, scheme) => ({ ...t, ...scheme }));
  const rest = combine(rows, combine(inputs, optionsRead(db, body), (i, o) => ({ inputs: i, options: o })), (r, more) => ({ rows: r, ...more }));
  return combine(scopeRead(ctx, reportId, { kind: 'report' }), rest, (scope, { rows: [[project], sections, charts, texts, themeRows, widgets, chartOptions], inputs, options }) => {
    const { report } = scope;
    if (!report.pdfExport) throw new AppError('NOT_FOUND', reportExportNl.notEnabled);
    const lang = report.languages.split(',')[0]!.trim() || 'nl';
    return {
      report,
      project: { id: project!.id, title: project!.title, companyId: project!.companyId },
      company: project!.company,
      sections: sections.map((s) => ({ ...s, charts: charts.filter((c) => c.sectionId === s.id).map((c) => ({ ...c, chartOptions: chartOptions.filter((o) => o.chartId === c.id).map((o) => ({ key: o.key, value: o.value })) })) })),
      texts,
      widgets,
      data: { scope, inputs: { texts: inputs.texts(lang), catalog: inputs.catalog, scheme: inputs.scheme, schemeNames: inputs.schemeNames }, lang, options, theme: pdfThemeOf(themeRows) },
    };
  });
}

/** The surveys' column texts, in a language known only once the report is read (the texts' queries don't depend on it). */
function textsInAnyLanguage(db: Db, surveyIds: Parameters<typeof columnTextsRead>[1]): Read<(lang: string) => SurveyInputs['texts']> {
  return { queries: columnTextsRead(db, surveyIds, 'nl').queries, present: (results) => (lang) => columnTextsRead(db, surveyIds, lang).present(results) };
}

/** The filter options the request's benchmarks use, with their category (for the cover). */
function optionsRead(db: Db, body: ReportDataBody): Read<BenchmarkOption[]> {
  const ids = [...new Set(body.benchmarks.flatMap((b) => b.filterOptions ?? []))];
  if (!ids.length) return constant([]);
  const query = db
    .select({ id: filterOptions.id, label: filterOptions.label, categoryId: filterOptions.categoryId, category: filterCategories.title })
    .from(filterOptions)
    .innerJoin(filterCategories, eq(filterCategories.id, filterOptions.categoryId))
    .where(inArray(filterOptions.id, ids));
  return read([query], ([rows]) => rows);
}
