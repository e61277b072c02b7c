import { type FilterOptionState, computeFilterStates, dayFromIso, effectiveRange, frameOf, isoFromDay } from '../../analytics';
import type { UserServiceContext } from '../../context';
import { hasRole } from '../../../shared/permissions';
import { reportFiltersNl } from '../../../shared/i18n/report-filters';
import type { FilterSyncBody } from '../../../shared/validation/report-filters';
import { AppError, nl } from '../../errors';
import { and, eq, isNull } from 'drizzle-orm';
import { read, readAll } from '../../db/reads';
import { projectSurveys, reports, surveys } from '../../db/schema';
import { loadCube } from '../analytics/load-cube';
import { catalogOf, catalogRowsRead } from '../report-data/load-filter-catalog';
import { refuseOtherDates, reportScope } from '../report-data/report-rules';
import { scopeSurveyIds } from '../report-data/resolve-scope';
import { findReportRead, requireReportRole } from '../reports/access';
import { menuOf } from './list-report-filters';

export interface SyncedOption {
  id: number;
  filter_category_id: number;
  filter_category_title: string;
  label: string;
  exposed: boolean;
  order: number;
  selected: boolean;
  /** Respondents in the date range with this option alone; null when withheld (below min_n, or it would let a smaller group be derived). */
  soloCount: number | null;
  /** The same AND the other categories' current selection (OR within a category); null when withheld. */
  combinedCount: number | null;
  /** combinedCount below min_n (empty included). */
  risky: boolean;
  /** combinedCount is min_n or more but withheld: with the other counts it would reveal a smaller group. */
  withheld: boolean;
  /** combinedCount is 0. */
  empty: boolean;
  /** Selectable: not empty, allowed by multiple_filters (2: one per category, 3: one category), not risky with hide_risky_filters. Selected options stay available. */
  available: boolean;
  /** Empty with hide_empty_filters (and not selected): leave it out of the menu. */
  hidden: boolean;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: [message] });

/**
 * POST report/{id}/filterCategory { selectedFilterOptions, start?, end? } → `{ min_n, start, end,
 * filterCategories: [{ id, project_id, survey_id, title, order, filterOptions: SyncedOption[] }] }`:
 * the benchmark menu's counts and availability for the benchmark being edited (spec 001 §4), one
 * cube per survey of the report's categories. Needs dashboard.filter (spec 001 §6).
 */
export async function syncReportFilters(ctx: UserServiceContext, reportId: number, body: FilterSyncBody) {
  if (!hasRole(ctx.user, 'dashboard.filter')) throw new AppError('FORBIDDEN', nl.forbidden);
  requireReportRole(ctx.user, 'dashboard.view');
  // One round trip after the session check (issue 35): the report (access), the menu's catalogue
  // rows and the responses version of every survey of the project, the project and the report's
  // surveys as subqueries. With warm cubes that is all; nothing is returned for a report the user
  // may not see (findReportRead throws 404 first).
  const projectId = ctx.db.select({ id: reports.projectId }).from(reports).where(eq(reports.id, reportId));
  const [report, rowsOf, versions] = await readAll(ctx.db, [
    findReportRead(ctx, reportId),
    catalogRowsRead(ctx.db, { id: reportId, projectId }, scopeSurveyIds(ctx.db, reportId, { kind: 'report' })),
    read([ctx.db.select({ id: surveys.id, version: surveys.responsesVersion }).from(surveys).innerJoin(projectSurveys, eq(projectSurveys.surveyId, surveys.id)).where(and(eq(projectSurveys.projectId, projectId), isNull(surveys.deletedAt)))], ([rows]) => new Map(rows.map((r) => [r.id, r.version]))),
  ]);
  const menu = menuOf(rowsOf());
  const known = new Set(menu.filterCategories.flatMap((c) => c.filterOptions.map((o) => o.id)));
  const chosen = [...new Set(body.selectedFilterOptions)];
  if (chosen.some((id) => !known.has(id))) throw invalid('selectedFilterOptions', reportFiltersNl.foreignFilterOption);
  refuseOtherDates(report, [body], 'start');
  const scope = reportScope(report);
  const benchmark = { label: '', start: body.start ? dayFromIso(body.start) : null, end: body.end ? dayFromIso(body.end) : null, filterOptionIds: chosen };
  let range: [number, number] | null = null;

  // The mode (multiple_filters) is judged on the whole selection, across every survey.
  const modeSelection = new Map<number, number[]>();
  for (const c of menu.filterCategories) {
    const ids = c.filterOptions.filter((o) => chosen.includes(o.id)).map((o) => o.id);
    if (ids.length) modeSelection.set(c.id, ids);
  }
  const states = new Map<number, FilterOptionState>();
  for (const surveyId of new Set(menu.filterCategories.map((c) => c.survey_id))) {
    // A survey the batch did not see (deleted meanwhile) is looked up, and refused, by loadCube.
    const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, surveyId, versions.get(surveyId));
    const catalog = catalogOf(rowsOf(surveyId), cube);
    const own = new Set(catalog.flatMap((c) => c.options.map((o) => o.id)));
    const input = { ...benchmark, filterOptionIds: chosen.filter((id) => own.has(id)) };
    const settings = { minN: scope.minN, multipleFilters: report.multipleFilters, hideRiskyFilters: report.hideRiskyFilters, hideEmptyFilters: report.hideEmptyFilters, modeSelection };
    for (const s of computeFilterStates(cube, catalog, input, scope, settings)) states.set(s.optionId, s);
    if (!range) {
      const frame = frameOf(cube, scope);
      const first = cube.rowCount ? cube.days[0]! : 0;
      const last = cube.rowCount ? cube.days[cube.rowCount - 1]! : 0;
      range = effectiveRange(frame.rules, benchmark.start ?? scope.startDay ?? first, benchmark.end ?? scope.endDay ?? last, frame.reportRange);
    }
  }
  return {
    min_n: scope.minN,
    // The range the counts are for: the report period, or the chosen dates snapped to whole periods.
    start: range ? isoFromDay(range[0]) : body.start || report.startDate || null,
    end: range ? isoFromDay(range[1]) : body.end || report.endDate || null,
    filterCategories: menu.filterCategories.map((c) => ({
      ...c,
      filterOptions: c.filterOptions.map((o): SyncedOption => {
        const s = states.get(o.id)!;
        return { ...o, selected: s.selected, soloCount: s.soloCount, combinedCount: s.combinedCount, risky: s.risky, withheld: s.withheld, empty: s.empty, available: !s.disabled, hidden: s.hidden };
      }),
    })),
  };
}
