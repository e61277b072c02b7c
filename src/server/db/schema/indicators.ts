import { relations } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { projects } from './projects';
import { surveys } from './surveys';
import { users } from './users';
import { weightingSchemes } from './weighting';
import type { IndicatorComparatorKey, IndicatorMetricKey } from '../../../shared/lookups/indicators';

/** What an indicator watches (spec 001 §7 Notification api): the shared lookup's keys. */
export type IndicatorMetric = IndicatorMetricKey;
export type IndicatorComparator = IndicatorComparatorKey;
/** Outcome of the last evaluation: threshold crossed, not crossed, suppressed (min_n), no data, never evaluated. */
export type IndicatorState = 'met' | 'notMet' | 'suppressed' | 'noData' | 'pending';

// An indicator of a project: a metric of one linked survey (optionally for a set of filter
// options) against a threshold in an active period; it notifies the members when it crosses.
export const indicators = sqliteTable(
  'indicators',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    metric: text('metric').$type<IndicatorMetric>().notNull(),
    columnKey: text('column_key'),
    answerCode: text('answer_code'),
    filterOptionIds: text('filter_option_ids', { mode: 'json' }).$type<number[]>().notNull().default([]),
    comparator: text('comparator').$type<IndicatorComparator>().notNull(),
    threshold: real('threshold').notNull(),
    // Active period (ISO dates, inclusive): evaluated only then, over the responses of the period.
    startDate: text('start_date'),
    endDate: text('end_date'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    // A weighting scheme of the indicator's survey (issue 31): a percentage, mean or top box
    // follows it as a report's numbers do; the response count stays people. Null: unweighted.
    weightingId: integer('weighting_id').references((): AnySQLiteColumn => weightingSchemes.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state').$type<IndicatorState>().notNull().default('pending'),
    lastValue: real('last_value'),
    /** Why the last evaluation has no value (suppression reason, no responses …), Dutch. */
    lastReason: text('last_reason'),
    lastEvaluatedAt: integer('last_evaluated_at', { mode: 'timestamp_ms' }),
    lastFiredAt: integer('last_fired_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('indicators_project_idx').on(t.projectId), index('indicators_survey_idx').on(t.surveyId)],
);

// One row per time an indicator fired: the in-app notice on the front page and the project page.
export const indicatorNotices = sqliteTable(
  'indicator_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    indicatorId: integer('indicator_id')
      .notNull()
      .references(() => indicators.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    value: real('value').notNull(),
    firedAt: integer('fired_at', { mode: 'timestamp_ms' }).notNull(),
    ...timestamps,
  },
  (t) => [index('indicator_notices_project_idx').on(t.projectId, t.firedAt), index('indicator_notices_indicator_idx').on(t.indicatorId)],
);

// A notice a user closed ('Melding sluiten' on the front page): hidden for that user for good.
export const indicatorNoticeDismissals = sqliteTable(
  'indicator_notice_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => indicatorNotices.id, { onDelete: 'cascade' }),
    dismissedAt: integer('dismissed_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] }), index('indicator_notice_dismissals_notice_idx').on(t.noticeId)],
);

export const indicatorsRelations = relations(indicators, ({ one, many }) => ({
  project: one(projects, { fields: [indicators.projectId], references: [projects.id] }),
  notices: many(indicatorNotices),
}));
export const indicatorNoticesRelations = relations(indicatorNotices, ({ one }) => ({
  indicator: one(indicators, { fields: [indicatorNotices.indicatorId], references: [indicators.id] }),
}));
