import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { jobs } from './jobs';
import { panels } from './panels';
import { surveys, surveyTokens } from './surveys';
import { users } from './users';

/**
 * A respondent taking a survey in the form (/meedoen), until they send it. Token surveys find it
 * by token, open surveys by the hash of a resume key (cookie or resume link). Its response row is
 * `survey_responses` with external key `web:p{id}`. Deleted on completion, so an anonymous
 * survey keeps no link from token to answers.
 */
export const surveyParticipations = sqliteTable(
  'survey_participations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    tokenId: integer('token_id').references(() => surveyTokens.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash'),
    // −1 = the welcome page, 0 … n−1 = question groups in order.
    page: integer('page').notNull().default(-1),
    language: text('language').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('survey_participations_token_unique').on(t.tokenId),
    uniqueIndex('survey_participations_key_unique').on(t.keyHash),
    index('survey_participations_survey_idx').on(t.surveyId),
  ],
);

export const FIELDWORK_STATUSES = ['open', 'closed'] as const;

// When a survey can be taken in the form. Without a row: open, within LimeSurvey's own
// startdate/expires from the imported settings.
export const surveyFieldwork = sqliteTable('survey_fieldwork', {
  surveyId: integer('survey_id')
    .primaryKey()
    .references(() => surveys.id, { onDelete: 'cascade' }),
  status: text('status', { enum: FIELDWORK_STATUSES }).notNull().default('open'),
  // 'YYYY-MM-DDTHH:MM' in the portal's time zone (Europe/Amsterdam), or null.
  startsAt: text('starts_at'),
  endsAt: text('ends_at'),
  ...timestamps,
});

// A survey fielded to a panel: its members get tokens and invitations.
export const surveyPanels = sqliteTable(
  'survey_panels',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    panelId: integer('panel_id')
      .notNull()
      .references(() => panels.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.panelId] }), index('survey_panels_panel_idx').on(t.panelId)],
);

// Completed responses not yet in the cube, and the rebuild job that is queued or running (at most one per survey).
export const surveyCubeRebuilds = sqliteTable('survey_cube_rebuilds', {
  surveyId: integer('survey_id')
    .primaryKey()
    .references(() => surveys.id, { onDelete: 'cascade' }),
  pending: integer('pending').notNull().default(0),
  // Set by the request that enqueues the rebuild, cleared by the job when nothing is pending.
  scheduled: integer('scheduled', { mode: 'boolean' }).notNull().default(false),
  jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  ...timestamps,
});
