import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { reports } from './reports';
import { users } from './users';

import { SCHEDULE_FORMATS, SCHEDULE_FREQUENCIES } from '../../../shared/validation/schedules';

export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export type ScheduleFormat = (typeof SCHEDULE_FORMATS)[number];

/**
 * 'Versturen': a report mailed on a schedule (report/{id}/schedule). `weekday` 1 (Monday) … 7 and
 * `hour` are Amsterdam time; monthly and quarterly runs fall on that weekday in the first week of
 * the month (quarter). `next_run_at` is the next moment the cron trigger enqueues it (null: done).
 */
export const reportSchedules = sqliteTable(
  'report_schedules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    // The sender: the PDF is drawn with what they may see; a schedule outlives them (set null → stops).
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    frequency: text('frequency', { enum: SCHEDULE_FREQUENCIES }).notNull(),
    weekday: integer('weekday').notNull(),
    hour: integer('hour').notNull(),
    format: text('format', { enum: SCHEDULE_FORMATS }).notNull(),
    message: text('message').notNull().default(''),
    /** The benchmarks of the PDF (the report view's data call body), JSON; saved with the schedule. */
    benchmarks: text('benchmarks', { mode: 'json' }).$type<unknown[]>().notNull(),
    nextRunAt: integer('next_run_at', { mode: 'timestamp_ms' }),
    lastRunAt: integer('last_run_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('report_schedules_report_idx').on(t.reportId), index('report_schedules_next_idx').on(t.nextRunAt)],
);

/**
 * Who receives a schedule: a portal user (user_id; their current address and rights count at each
 * run) or an address (email). `token` is the unsubscribe link's secret (works without login).
 */
export const reportScheduleRecipients = sqliteTable(
  'report_schedule_recipients',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    token: text('token').notNull(),
    unsubscribedAt: integer('unsubscribed_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('report_schedule_recipients_schedule_idx').on(t.scheduleId), uniqueIndex('report_schedule_recipients_token_idx').on(t.token)],
);
