import { and, asc, eq, isNull, notExists } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { filterCategories, projects, projectSurveys, reportCharts, reportDataLocations, reportFilterCategories, reports, reportSections, surveys } from '../../db/schema';
import { loadCube } from '../analytics/load-cube';
import { columnLabels } from '../filters/generate-options';
import { visibleReports } from '../reports/access';
import { loadSurveyColumns } from '../surveys/responses/survey-columns';
import { displayTitle } from '../surveys/present';
import type { FilterColumn, FilterScreen } from '../../../shared/dto/filter-screen';

/**
 * What the project's filters screen needs besides the categories themselves: per linked survey
 * the questions of its cube (for conditions and for generating), and per category the reports
 * that offer it — attached to the report, or by default to a report without attached categories
 * that draws from the category's survey ("filters across several reports").
 */
export async function loadFilterScreen(ctx: UserServiceContext, projectId: number): Promise<FilterScreen> {
  const [linked, categories, attached, open] = await ctx.db.batch([
    ctx.db
      .select({ id: surveys.id, title: surveys.title, lsSid: surveys.lsSid })
      .from(projectSurveys)
      .innerJoin(surveys, and(eq(surveys.id, projectSurveys.surveyId), isNull(surveys.deletedAt)))
      .where(eq(projectSurveys.projectId, projectId)),
    ctx.db.select({ id: filterCategories.id, surveyId: filterCategories.surveyId }).from(filterCategories).where(eq(filterCategories.projectId, projectId)),
    ctx.db
      .select({ categoryId: reportFilterCategories.categoryId, id: reports.id, title: reports.title })
      .from(reportFilterCategories)
      .innerJoin(reports, eq(reports.id, reportFilterCategories.reportId))
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .where(and(eq(reports.projectId, projectId), visibleReports(ctx.user)))
      .orderBy(asc(reports.title)),
    ctx.db
      .selectDistinct({ id: reports.id, title: reports.title, surveyId: reportDataLocations.surveyId })
      .from(reports)
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .innerJoin(reportSections, eq(reportSections.reportId, reports.id))
      .innerJoin(reportCharts, eq(reportCharts.sectionId, reportSections.id))
      .innerJoin(reportDataLocations, eq(reportDataLocations.chartId, reportCharts.id))
      .where(and(eq(reports.projectId, projectId), visibleReports(ctx.user), notExists(ctx.db.select().from(reportFilterCategories).where(eq(reportFilterCategories.reportId, reports.id)))))
      .orderBy(asc(reports.title)),
  ]);
  const offeredBy: Record<number, { id: number; title: string }[]> = {};
  for (const c of categories) {
    const byReport = new Map<number, string>();
    for (const a of attached) if (a.categoryId === c.id) byReport.set(a.id, a.title);
    for (const r of open) if (r.surveyId === c.surveyId) byReport.set(r.id, r.title);
    offeredBy[c.id] = [...byReport].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title, 'nl'));
  }
  const surveyList = [];
  for (const s of linked) {
    const [{ survey, structure, columns }, cube] = await Promise.all([loadSurveyColumns(ctx.db, s.id), loadCube({ db: ctx.db, files: ctx.jobs?.files }, s.id)]);
    const list: FilterColumn[] = cube.columns
      .filter((col) => col.source === 'question')
      .map((col) => {
        const { title, labels } = columnLabels(structure, columns, col.key, survey.baseLanguage);
        const codes = col.kind === 'single' || col.kind === 'multi' ? col.codes : [];
        return { key: col.key, label: title, kind: col.kind, answers: codes.map((code) => ({ code, label: labels.get(code) ?? code })) };
      });
    surveyList.push({ id: s.id, displayTitle: displayTitle(s), columns: list });
  }
  return { surveys: surveyList.sort((a, b) => a.displayTitle.localeCompare(b.displayTitle, 'nl')), offeredBy };
}
