import { relations } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { softDelete, timestamps } from './columns';
import { projects } from './projects';
import { surveys } from './surveys';

/** How N is counted for a dataset (spec 001 §4): unique respondents (default), answers given, all respondents. */
export type NMethod = 'respondents' | 'answers' | 'total';

// A report of a project (spec 001 §3); `parent_report_id` makes it a variant (sub-report).
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentReportId: integer('parent_report_id').references((): AnySQLiteColumn => reports.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startDate: text('start_date'),
    endDate: text('end_date').notNull(),
    dateFilter: integer('date_filter', { mode: 'boolean' }).notNull().default(false),
    benchmarkCount: integer('benchmark_count').notNull().default(1),
    multipleFilters: integer('multiple_filters'),
    hideRiskyFilters: integer('hide_risky_filters', { mode: 'boolean' }).notNull().default(false),
    hideEmptyFilters: integer('hide_empty_filters', { mode: 'boolean' }).notNull().default(false),
    minN: integer('min_n').notNull().default(10),
    languages: text('languages').notNull().default('nl'),
    pdfExport: integer('pdf_export', { mode: 'boolean' }).notNull().default(false),
    directAccess: integer('direct_access', { mode: 'boolean' }).notNull().default(false),
    statusId: integer('status_id').notNull().default(1),
    archivedAt: integer('archived_at', { mode: 'timestamp_ms' }),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('reports_project_idx').on(t.projectId), index('reports_parent_idx').on(t.parentReportId)],
);

export const reportSections = sqliteTable(
  'report_sections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    order: integer('order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('report_sections_report_idx').on(t.reportId, t.order)],
);

export const reportCharts = sqliteTable(
  'report_charts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sectionId: integer('section_id')
      .notNull()
      .references(() => reportSections.id, { onDelete: 'cascade' }),
    chartTypeId: integer('chart_type_id').notNull(),
    title: text('title').notNull(),
    order: integer('order').notNull().default(0),
    sortingOptionId: integer('sorting_option_id'),
    dataFormatId: integer('data_format_id'),
    dataTypeId: integer('data_type_id'),
    kpiId: integer('kpi_id'),
    patternId: integer('pattern_id'),
    granularityId: integer('granularity_id').notNull().default(0),
    colorSchemeId: integer('color_scheme_id'),
    options: text('options', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('report_charts_section_idx').on(t.sectionId, t.order)],
);

export const reportDataLocations = sqliteTable(
  'report_data_locations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    chartId: integer('chart_id')
      .notNull()
      .references(() => reportCharts.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    columnKey: text('column_key').notNull(),
    label: text('label'),
    nMethod: text('n_method').$type<NMethod>().notNull().default('respondents'),
    order: integer('order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('report_data_locations_chart_idx').on(t.chartId, t.order), index('report_data_locations_survey_idx').on(t.surveyId)],
);

export const reportBookmarks = sqliteTable(
  'report_bookmarks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    queryString: text('query_string').notNull(),
    ...timestamps,
  },
  (t) => [index('report_bookmarks_report_idx').on(t.reportId)],
);

export const reportsRelations = relations(reports, ({ many }) => ({ sections: many(reportSections), bookmarks: many(reportBookmarks) }));
export const reportSectionsRelations = relations(reportSections, ({ one, many }) => ({
  report: one(reports, { fields: [reportSections.reportId], references: [reports.id] }),
  charts: many(reportCharts),
}));
export const reportChartsRelations = relations(reportCharts, ({ one, many }) => ({
  section: one(reportSections, { fields: [reportCharts.sectionId], references: [reportSections.id] }),
  dataLocations: many(reportDataLocations),
}));
export const reportDataLocationsRelations = relations(reportDataLocations, ({ one }) => ({
  chart: one(reportCharts, { fields: [reportDataLocations.chartId], references: [reportCharts.id] }),
}));
export const reportBookmarksRelations = relations(reportBookmarks, ({ one }) => ({
  report: one(reports, { fields: [reportBookmarks.reportId], references: [reports.id] }),
}));
