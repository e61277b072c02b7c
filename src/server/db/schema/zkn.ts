import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { jobs } from './jobs';
import { users } from './users';

/** Zorgkaart Nederland: care providers of a (care) organisation, identified by their 8-digit AGB code. */
export const healthcareCompanies = sqliteTable(
  'healthcare_companies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agbCode: text('agb_code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    place: text('place').notNull().default(''),
    region: text('region').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('healthcare_companies_agb_idx').on(t.companyId, t.agbCode), index('healthcare_companies_type_idx').on(t.companyId, t.type)],
);

/** A batch of ratings turned into a ranking; the job row carries status and progress. */
export const ratingJobs = sqliteTable(
  'rating_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    fileName: text('file_name').notNull().default(''),
    minN: integer('min_n').notNull(),
    ratingCount: integer('rating_count').notNull().default(0),
    providerCount: integer('provider_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('rating_jobs_company_idx').on(t.companyId)],
);

/** One rating as read from the file (the line number is kept for the provider detail). */
export const ratings = sqliteTable(
  'ratings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ratingJobId: integer('rating_job_id')
      .notNull()
      .references(() => ratingJobs.id, { onDelete: 'cascade' }),
    healthcareCompanyId: integer('healthcare_company_id')
      .notNull()
      .references(() => healthcareCompanies.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    ratedOn: text('rated_on').notNull(),
    overall: integer('overall').notNull(),
    aspects: text('aspects', { mode: 'json' }).$type<Record<string, number | null>>().notNull(),
    recommend: integer('recommend', { mode: 'boolean' }),
  },
  (t) => [index('ratings_job_idx').on(t.ratingJobId, t.healthcareCompanyId)],
);

export interface ScoreInterval {
  n: number;
  mean: number;
  low: number | null;
  high: number | null;
}

/** What a rating job computed per provider (analytics/zkn-ranking.ts); small providers carry no numbers. */
export const ratingResults = sqliteTable(
  'rating_results',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ratingJobId: integer('rating_job_id')
      .notNull()
      .references(() => ratingJobs.id, { onDelete: 'cascade' }),
    healthcareCompanyId: integer('healthcare_company_id')
      .notNull()
      .references(() => healthcareCompanies.id, { onDelete: 'cascade' }),
    ranked: integer('ranked', { mode: 'boolean' }).notNull(),
    n: integer('n'),
    overall: text('overall', { mode: 'json' }).$type<ScoreInterval>(),
    aspects: text('aspects', { mode: 'json' }).$type<Record<string, ScoreInterval | null>>(),
    recommend: text('recommend', { mode: 'json' }).$type<{ n: number; pct: number; low: number; high: number } | null>(),
    distribution: text('distribution', { mode: 'json' }).$type<number[]>(),
    typeMean: real('type_mean'),
    bayes: real('bayes'),
    rankInType: integer('rank_in_type'),
    rankInRegion: integer('rank_in_region'),
  },
  (t) => [index('rating_results_job_idx').on(t.ratingJobId)],
);
