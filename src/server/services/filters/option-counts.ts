import { AnalyticsError, type Cube, type FilterCategory, computeFilterStates, conditionsBitset } from '../../analytics';
import type { UserServiceContext } from '../../context';
import { loadCube } from '../analytics/load-cube';
import type { CategoryRow, ConditionRow, OptionRow } from './access';
import type { OptionCounts } from './present';

/** Project-level filter lists have no report: counts below this minimum group size are withheld. */
export const PROJECT_MIN_N = 10;

/** True when the conditions compile against the cube (known columns, fitting comparators). */
export function conditionsCompile(cube: Cube, conditions: Pick<ConditionRow, 'columnKey' | 'comparator' | 'value' | 'operator'>[]): string | null {
  try {
    conditionsBitset(cube, conditions);
    return null;
  } catch (err) {
    if (err instanceof AnalyticsError) return err.message;
    throw err;
  }
}

/**
 * soloCount / combinedCount per option of one survey's categories, by the engine's
 * computeFilterStates over the survey's cube with nothing selected (all completed responses). An option
 * whose conditions no longer fit the cube (question removed) matches nobody.
 */
export async function optionCounts(
  ctx: UserServiceContext,
  surveyId: number,
  categories: CategoryRow[],
  options: OptionRow[],
  conditions: ConditionRow[],
): Promise<Map<number, OptionCounts>> {
  const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, surveyId);
  const byOption = new Map<number, ConditionRow[]>();
  for (const c of conditions) (byOption.get(c.optionId) ?? byOption.set(c.optionId, []).get(c.optionId)!).push(c);
  const ids = new Set(categories.map((c) => c.id));
  const catalog: FilterCategory[] = categories.map((cat) => ({ id: cat.id, options: [] }));
  const byCat = new Map(catalog.map((c) => [c.id, c]));
  for (const o of options) {
    if (!ids.has(o.categoryId)) continue;
    const conds = (byOption.get(o.id) ?? []).map((c) => ({ columnKey: c.columnKey, comparator: c.comparator, value: c.value, operator: c.operator }));
    byCat.get(o.categoryId)!.options.push({ id: o.id, categoryId: o.categoryId, conditions: conditionsCompile(cube, conds) === null ? conds : [] });
  }
  // All completed responses as one fixed period (no report, so no date choice); the counts obey
  // the same release rule as a report's menu (a count that would reveal a smaller group is withheld).
  const states = computeFilterStates(cube, catalog, { label: '', filterOptionIds: [] }, { dateFilter: false }, { minN: PROJECT_MIN_N });
  return new Map(states.map((s) => [s.optionId, { soloCount: s.soloCount, combinedCount: s.combinedCount, risky: s.risky, empty: s.empty }]));
}
