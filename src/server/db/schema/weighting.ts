import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { surveys } from './surveys';
import { users } from './users';

export const WEIGHTING_METHODS = ['rake', 'poststratify'] as const;
export const TARGET_KINDS = ['counts', 'shares'] as const;

export interface StoredWeightingVariable {
  column_key: string;
  targets: Record<string, number>;
}

// A weighting scheme of a survey (issue 31): raking or post-stratification of the completed
// responses in [start_date, end_date] to population targets. Reports pick one (reports.weighting_id).
export const weightingSchemes = sqliteTable(
  'weighting_schemes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startDate: text('start_date'),
    endDate: text('end_date'),
    method: text('method').$type<(typeof WEIGHTING_METHODS)[number]>().notNull(),
    targetsAre: text('targets_are').$type<(typeof TARGET_KINDS)[number]>().notNull(),
    variables: text('variables', { mode: 'json' }).$type<StoredWeightingVariable[]>().notNull(),
    // Two-variable post-stratification: target per cell '<code>|<code>'.
    cellTargets: text('cell_targets', { mode: 'json' }).$type<Record<string, number> | null>(),
    trimLower: real('trim_lower'),
    trimUpper: real('trim_upper'),
    maxIterations: integer('max_iterations').notNull().default(100),
    tolerance: real('tolerance').notNull().default(1e-10),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('weighting_schemes_survey_idx').on(t.surveyId)],
);

// The last computation of a scheme (one row per scheme): for which responses version and scheme
// definition (updated_at) it ran, its figures or its Dutch error. The weights themselves are in
// R2 (weightsBlobKey); stale when the survey's responses version or the scheme moved on.
export const weightingResults = sqliteTable('weighting_results', {
  schemeId: integer('scheme_id')
    .primaryKey()
    .references(() => weightingSchemes.id, { onDelete: 'cascade' }),
  responsesVersion: integer('responses_version').notNull(),
  schemeUpdatedAt: integer('scheme_updated_at', { mode: 'timestamp_ms' }).notNull(),
  status: text('status').$type<'ok' | 'failed'>().notNull(),
  stats: text('stats', { mode: 'json' }).$type<Record<string, unknown> | null>(),
  error: text('error'),
  computedAt: integer('computed_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date()),
});
