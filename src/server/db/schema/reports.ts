import { relations } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { softDelete, timestamps } from './columns';
import { projects } from './projects';
import { surveys } from './surveys';
import { users } from './users';
import { weightingSchemes } from './weighting';

/** How N is counted for a dataset (spec 001 §4): unique respondents (default), answers given, all respondents. */
export type NMethod = 'respondents' | 'answers' | 'total';
/** The unit date ranges snap to (date_granularity): whole weeks, months, quarters or years; day is an explicit opt-in. */
export type DateGranularity = 'day' | 'week' | 'month' | 'quarter' | 'year';

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
    // With the date filter on, ranges snap to whole periods of this unit (README "Date choice").
    dateGranularity: text('date_granularity').$type<DateGranularity>().notNull().default('month'),
    // Unfinished responses (no submit date) count only when this is on; the report says so.
    includeIncomplete: integer('include_incomplete', { mode: 'boolean' }).notNull().default(false),
    benchmarkCount: integer('benchmark_count').notNull().default(1),
    multipleFilters: integer('multiple_filters'),
    hideRiskyFilters: integer('hide_risky_filters', { mode: 'boolean' }).notNull().default(false),
    hideEmptyFilters: integer('hide_empty_filters', { mode: 'boolean' }).notNull().default(false),
    minN: integer('min_n').notNull().default(10),
    // How small groups are protected (docs/perturbation.md): 'suppress' (neighbour rules, exact) or 'cellkey'.
    protection: text('protection').$type<'suppress' | 'cellkey'>().notNull().default('suppress'),
    languages: text('languages').notNull().default('nl'),
    pdfExport: integer('pdf_export', { mode: 'boolean' }).notNull().default(false),
    directAccess: integer('direct_access', { mode: 'boolean' }).notNull().default(false),
    statusId: integer('status_id').notNull().default(1),
    // Who made the report; DELETE user/{id}/transfer/{tid} hands it to a colleague.
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    // The report's image (POST report/{id}/image): R2 key of the FILES binding and its sniffed type.
    imageKey: text('image_key'),
    imageType: text('image_type'),
    archivedAt: integer('archived_at', { mode: 'timestamp_ms' }),
    // The weighting scheme its numbers follow (issue 31); null = unweighted.
    weightingId: integer('weighting_id').references((): AnySQLiteColumn => weightingSchemes.id, { onDelete: 'set null' }),
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

/** Key/value display options of a chart (spec 001 §3 Chart option); the allowed keys are in shared/validation/reports. */
export const reportChartOptions = sqliteTable(
  'report_chart_options',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    chartId: integer('chart_id')
      .notNull()
      .references(() => reportCharts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value', { mode: 'json' }).$type<unknown>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('report_chart_options_chart_key_idx').on(t.chartId, t.key)],
);

export type TextPosition = 'before' | 'after';

/** Markdown placed before or after a section or a chart (exactly one of section_id, chart_id). */
export const reportTexts = sqliteTable(
  'report_texts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id').references(() => reportSections.id, { onDelete: 'cascade' }),
    chartId: integer('chart_id').references(() => reportCharts.id, { onDelete: 'cascade' }),
    position: text('position').$type<TextPosition>().notNull().default('before'),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [index('report_texts_report_idx').on(t.reportId), index('report_texts_section_idx').on(t.sectionId), index('report_texts_chart_idx').on(t.chartId)],
);

/** A widget of the WIDGETS lookup placed in a section, ordered among the section's widgets. */
export const reportWidgets = sqliteTable(
  'report_widgets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    sectionId: integer('section_id')
      .notNull()
      .references(() => reportSections.id, { onDelete: 'cascade' }),
    widgetTypeId: integer('widget_type_id').notNull(),
    order: integer('order').notNull().default(0),
    settings: text('settings', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('report_widgets_section_idx').on(t.sectionId, t.order), index('report_widgets_report_idx').on(t.reportId)],
);

/** Explicit readers of a report; a report without rows here is visible to every member of its project. */
export const reportUsers = sqliteTable(
  'report_users',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.reportId, t.userId] }), index('report_users_user_idx').on(t.userId)],
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
