import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterCategories, filterOptions, projectSurveys, reportCharts, reportDataLocations, reportFilterCategories, reportSections, surveys } from '../../db/schema';
import type { CategoryRow, OptionRow } from '../filters/access';

export interface ReportCategories {
  /** True when the report has categories of its own; false = the project's categories (the default before issue #6). */
  attached: boolean;
  categories: CategoryRow[];
}

/** Survey ids the report's data locations use. */
export async function reportSurveyIds(ctx: UserServiceContext, reportId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectDistinct({ surveyId: reportDataLocations.surveyId })
    .from(reportDataLocations)
    .innerJoin(reportCharts, eq(reportCharts.id, reportDataLocations.chartId))
    .innerJoin(reportSections, eq(reportSections.id, reportCharts.sectionId))
    .where(eq(reportSections.reportId, reportId));
  return rows.map((r) => r.surveyId);
}

/**
 * The filter categories a report offers, in menu order: the attached ones (report_filter_categories
 * order) or, when none are attached, the project's categories on the surveys the report uses
 * (`surveyIds`, default: those of its data locations). Only categories whose survey is still linked
 * to the project and not deleted count (like the project's filter lists).
 */
export async function reportCategories(ctx: UserServiceContext, report: { id: number; projectId: number }, surveyIds?: number[]): Promise<ReportCategories> {
  const live = and(eq(projectSurveys.projectId, filterCategories.projectId), eq(projectSurveys.surveyId, filterCategories.surveyId));
  const attached = await ctx.db
    .select({ category: filterCategories })
    .from(reportFilterCategories)
    .innerJoin(filterCategories, eq(filterCategories.id, reportFilterCategories.categoryId))
    .innerJoin(projectSurveys, live)
    .innerJoin(surveys, and(eq(surveys.id, filterCategories.surveyId), isNull(surveys.deletedAt)))
    .where(and(eq(reportFilterCategories.reportId, report.id), eq(filterCategories.projectId, report.projectId)))
    .orderBy(asc(reportFilterCategories.order), asc(reportFilterCategories.categoryId));
  const [anyAttached] = await ctx.db.select({ id: reportFilterCategories.categoryId }).from(reportFilterCategories).where(eq(reportFilterCategories.reportId, report.id)).limit(1);
  if (anyAttached) {
    const rows = attached.map((r) => r.category);
    return { attached: true, categories: surveyIds ? rows.filter((c) => surveyIds.includes(c.surveyId)) : rows };
  }
  const ids = surveyIds ?? (await reportSurveyIds(ctx, report.id));
  if (!ids.length) return { attached: false, categories: [] };
  const rows = await ctx.db
    .select({ category: filterCategories })
    .from(filterCategories)
    .innerJoin(projectSurveys, live)
    .innerJoin(surveys, and(eq(surveys.id, filterCategories.surveyId), isNull(surveys.deletedAt)))
    .where(and(eq(filterCategories.projectId, report.projectId), inArray(filterCategories.surveyId, ids)))
    .orderBy(asc(filterCategories.order), asc(filterCategories.id));
  return { attached: false, categories: rows.map((r) => r.category) };
}

/** The exposed options of the categories, in option order; a hidden option (exposed = false) is offered by no report. */
export async function exposedOptions(ctx: UserServiceContext, categoryIds: number[]): Promise<OptionRow[]> {
  if (!categoryIds.length) return [];
  return ctx.db
    .select()
    .from(filterOptions)
    .where(and(inArray(filterOptions.categoryId, categoryIds), eq(filterOptions.exposed, true)))
    .orderBy(asc(filterOptions.order), asc(filterOptions.id));
}
