import { and, asc, eq, getTableColumns, inArray, isNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Cube, FilterCategory } from '../../analytics';
import type { UserServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { mapRead, read, readOne } from '../../db/reads';
import { filterCategories, filterConditions, filterOptions, projectSurveys, reportFilterCategories, reportFilterOptions, surveys } from '../../db/schema';
import { conditionsCompile } from '../filters/option-counts';

/**
 * The filter catalogue a report offers on one survey, as the engine's categories in menu order:
 * the report's attached categories or, when it has none, every project category of the survey
 * (catalogRowsRead below). Only exposed options count, so the data call refuses the others.
 * Like the filter lists (filters/option-counts.ts), an option whose conditions no longer fit the
 * cube matches nobody. `report` may be a bare project id (older callers): then the project's
 * categories of the survey.
 */
export async function loadFilterCatalog(ctx: UserServiceContext, report: number | { id: number; projectId: number }, surveyId: number, cube: Cube): Promise<FilterCategory[]> {
  const scope = typeof report === 'number' ? { id: 0, projectId: report } : report;
  return (await readOne(ctx.db, filterCatalogRead(ctx.db, scope, [surveyId])))(surveyId, cube);
}

/**
 * loadFilterCatalog for several surveys (`surveyIds`: ids or a subquery) as one read of a
 * request's batch (db/reads.ts), with every query
 * independent of the others' results (subqueries instead of ids read first). `projectId` may be a
 * subquery too. Gives the catalogue per survey once its cube is known.
 */
export function filterCatalogRead(db: Db, report: { id: number; projectId: number | SQLWrapper }, surveyIds: number[] | SQLWrapper) {
  return mapRead(catalogRowsRead(db, report, surveyIds), (rowsOf) => (surveyId: number, cube: Cube): FilterCategory[] => catalogOf(rowsOf(surveyId), cube));
}

/** The engine's catalogue of one survey from its rows (`catalogRowsRead(…)(surveyId)`) and cube. */
export function catalogOf(rows: CatalogRows, cube: Cube): FilterCategory[] {
  const { categories, options, conditions } = rows;
  const catalog: FilterCategory[] = categories.map((c) => ({ id: c.id, options: [] }));
  const byCat = new Map(catalog.map((c) => [c.id, c]));
  for (const o of options) {
    const conds = conditions
      .filter((c) => c.optionId === o.id)
      .map((c) => ({ columnKey: c.columnKey, comparator: c.comparator, value: c.value, operator: c.operator }));
    byCat.get(o.categoryId)!.options.push({ id: o.id, categoryId: o.categoryId, conditions: conditionsCompile(cube, conds) === null ? conds : [], label: o.label });
  }
  return catalog;
}

/** What catalogRowsRead gives for one survey (or all). */
export type CatalogRows = ReturnType<ReturnType<ReturnType<typeof catalogRowsRead>['present']>>;

/**
 * The rows behind a report's filter menu, its public compare menu and the engine's catalogue, as
 * one read: for one survey or (without) all of them, whether the report has categories of its own
 * (`attached`), the categories in menu order — the attached ones (report_filter_categories order)
 * or, when none are attached, the project's categories on the surveys the report uses
 * (`surveyIds`) — their exposed options and those options' conditions. Whether an option is
 * exposed is the report's own choice (report_filter_options) when it made one, else the option's
 * own flag. Only categories whose survey is still linked to the project and not
 * deleted count (like the project's filter lists).
 */
export function catalogRowsRead(db: Db, report: { id: number; projectId: number | SQLWrapper }, surveyIds: number[] | SQLWrapper) {
  const live = and(eq(projectSurveys.projectId, filterCategories.projectId), eq(projectSurveys.surveyId, filterCategories.surveyId));
  const liveSurvey = and(eq(surveys.id, filterCategories.surveyId), isNull(surveys.deletedAt));
  const attachedIds = db.select({ id: reportFilterCategories.categoryId }).from(reportFilterCategories).where(eq(reportFilterCategories.reportId, report.id));
  const projectIds = db
    .select({ id: filterCategories.id })
    .from(filterCategories)
    .where(and(eq(filterCategories.projectId, report.projectId), inArray(filterCategories.surveyId, surveyIds)));
  const exposed = exposedFor(db, report.id);
  const offered = and(or(inArray(filterOptions.categoryId, attachedIds), inArray(filterOptions.categoryId, projectIds)), sql`${exposed} = 1`);
  const queries = [
    db
      .select({ category: filterCategories })
      .from(reportFilterCategories)
      .innerJoin(filterCategories, eq(filterCategories.id, reportFilterCategories.categoryId))
      .innerJoin(projectSurveys, live)
      .innerJoin(surveys, liveSurvey)
      .where(and(eq(reportFilterCategories.reportId, report.id), eq(filterCategories.projectId, report.projectId)))
      .orderBy(asc(reportFilterCategories.order), asc(reportFilterCategories.categoryId)),
    db.select({ id: reportFilterCategories.categoryId }).from(reportFilterCategories).where(eq(reportFilterCategories.reportId, report.id)).limit(1),
    db
      .select({ category: filterCategories })
      .from(filterCategories)
      .innerJoin(projectSurveys, live)
      .innerJoin(surveys, liveSurvey)
      .where(and(eq(filterCategories.projectId, report.projectId), inArray(filterCategories.surveyId, surveyIds)))
      .orderBy(asc(filterCategories.order), asc(filterCategories.id)),
    // `exposed` as this report offers it (true for every row here), not the option's default.
    db
      .select({ ...getTableColumns(filterOptions), exposed: sql<boolean>`1`.mapWith(Boolean) })
      .from(filterOptions)
      .where(offered)
      .orderBy(asc(filterOptions.order), asc(filterOptions.id)),
    db
      .select({ condition: filterConditions })
      .from(filterConditions)
      .innerJoin(filterOptions, eq(filterOptions.id, filterConditions.optionId))
      .where(offered)
      .orderBy(asc(filterConditions.order), asc(filterConditions.id)),
  ] as const;
  return read(queries, ([attached, [anyAttached], projectCategories, options, conditions]) => (surveyId?: number) => {
    // The attached categories when the report has any, else the project's (on the surveys asked).
    const categories = (anyAttached ? attached : projectCategories).map((r) => r.category).filter((c) => surveyId === undefined || c.surveyId === surveyId);
    const ids = new Set(categories.map((c) => c.id));
    const mine = options.filter((o) => ids.has(o.categoryId));
    const optionIds = new Set(mine.map((o) => o.id));
    return { attached: !!anyAttached, categories, options: mine, conditions: conditions.map((c) => c.condition).filter((c) => optionIds.has(c.optionId)) };
  });
}

/** Whether an option is offered by report `reportId`: its own choice for the report, else the option's flag (a subquery per option row). */
export function exposedFor(db: Db, reportId: number | SQLWrapper) {
  const own = db
    .select({ exposed: reportFilterOptions.exposed })
    .from(reportFilterOptions)
    .where(and(eq(reportFilterOptions.reportId, reportId), eq(reportFilterOptions.optionId, filterOptions.id)));
  return sql<number>`coalesce((${own}), ${filterOptions.exposed})`;
}
