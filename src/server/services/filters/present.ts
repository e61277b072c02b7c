import type { CategoryRow, ConditionRow, OptionRow } from './access';

export function presentCondition(c: ConditionRow) {
  return { id: c.id, filter_option_id: c.optionId, column_key: c.columnKey, comparator: c.comparator, value: c.value, operator: c.operator, order: c.order };
}

export interface OptionCounts {
  soloCount: number | null;
  combinedCount: number | null;
  risky: boolean;
  empty: boolean;
}

export function presentOption(o: OptionRow, category: Pick<CategoryRow, 'title'>, conditions?: ConditionRow[], counts?: OptionCounts) {
  return {
    id: o.id,
    filter_category_id: o.categoryId,
    filter_category_title: category.title,
    label: o.label,
    exposed: o.exposed,
    order: o.order,
    ...(counts ?? {}),
    ...(conditions ? { filterConditions: conditions.map(presentCondition) } : {}),
  };
}

export function presentCategory(c: CategoryRow, options?: ReturnType<typeof presentOption>[]) {
  return { id: c.id, project_id: c.projectId, survey_id: c.surveyId, title: c.title, order: c.order, ...(options ? { filterOptions: options } : {}) };
}
