import { relations } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { projects } from './projects';
import { reports } from './reports';
import { surveys } from './surveys';

/** Comparators of spec 001 §3 (filter condition), the engine's names. */
export type FilterComparator = 'equal' | 'notEqual' | 'greater' | 'greaterOrEqual' | 'less' | 'lessOrEqual' | 'in' | 'notIn';
export type FilterConditionValue = string | number | (string | number)[];

// Filter categories of a project, on one of the project's surveys (spec 001 §3).
export const filterCategories = sqliteTable(
  'filter_categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    order: integer('order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('filter_categories_project_idx').on(t.projectId, t.order), index('filter_categories_survey_idx').on(t.surveyId)],
);

export const filterOptions = sqliteTable(
  'filter_options',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => filterCategories.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    exposed: integer('exposed', { mode: 'boolean' }).notNull().default(true),
    order: integer('order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('filter_options_category_idx').on(t.categoryId, t.order)],
);

export const filterConditions = sqliteTable(
  'filter_conditions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    optionId: integer('option_id')
      .notNull()
      .references(() => filterOptions.id, { onDelete: 'cascade' }),
    columnKey: text('column_key').notNull(),
    comparator: text('comparator').$type<FilterComparator>().notNull(),
    value: text('value', { mode: 'json' }).$type<FilterConditionValue>().notNull(),
    operator: text('operator').$type<'and' | 'or'>().notNull().default('and'),
    order: integer('order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('filter_conditions_option_idx').on(t.optionId, t.order)],
);

// The filter categories a report offers in its benchmark menu (spec 001 §3 Report.filter_category_ids).
export const reportFilterCategories = sqliteTable(
  'report_filter_categories',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => filterCategories.id, { onDelete: 'cascade' }),
    order: integer('order').notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.reportId, t.categoryId] }), index('report_filter_categories_category_idx').on(t.categoryId)],
);

/**
 * A report's own choice to show or hide one filter option in its benchmark menu (spec 001 §7
 * `report/{id}/filterOption/{id}`). Without a row the option's own `exposed` flag counts.
 */
export const reportFilterOptions = sqliteTable(
  'report_filter_options',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    optionId: integer('option_id')
      .notNull()
      .references(() => filterOptions.id, { onDelete: 'cascade' }),
    exposed: integer('exposed', { mode: 'boolean' }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.reportId, t.optionId] }), index('report_filter_options_option_idx').on(t.optionId)],
);

export const filterCategoriesRelations = relations(filterCategories, ({ many }) => ({ filterOptions: many(filterOptions) }));
export const filterOptionsRelations = relations(filterOptions, ({ one, many }) => ({
  category: one(filterCategories, { fields: [filterOptions.categoryId], references: [filterCategories.id] }),
  filterConditions: many(filterConditions),
}));
export const filterConditionsRelations = relations(filterConditions, ({ one }) => ({
  option: one(filterOptions, { fields: [filterConditions.optionId], references: [filterOptions.id] }),
}));
