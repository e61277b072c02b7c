import type { FilterScreen } from '../../shared/dto/filter-screen';

export type { FilterScreen };
export type FilterColumn = FilterScreen['surveys'][number]['columns'][number];

export interface Condition {
  id: number;
  filter_option_id: number;
  column_key: string;
  comparator: string;
  value: string | number | (string | number)[];
  operator: 'and' | 'or';
  order: number;
}

export interface Option {
  id: number;
  filter_category_id: number;
  label: string;
  exposed: boolean;
  order: number;
  soloCount?: number | null;
  combinedCount?: number | null;
  risky?: boolean;
  empty?: boolean;
  filterConditions?: Condition[];
}

export interface Category {
  id: number;
  project_id: number;
  survey_id: number;
  title: string;
  order: number;
  filterOptions?: Option[];
}

/** A category as SortableList needs it (id + title). */
export const sortable = (c: Category) => ({ ...c });
export const optionItem = (o: Option) => ({ ...o, title: o.label });
