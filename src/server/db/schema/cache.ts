import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Change counters for isolate caches (issue 20). Triggers (migration 0011) add 1 to the row
 * `report-inputs` on every insert, update and delete in the tables a report data answer is made
 * of — reports, their sections, charts, data locations and filter catalogue, surveys and their
 * structure, project–survey links — so a cache keyed by that count can never serve an answer older
 * than its inputs, whichever code path (drizzle, raw SQL, cascades) wrote them.
 */
export const dataGenerations = sqliteTable('data_generations', {
  name: text('name').primaryKey(),
  n: integer('n').notNull().default(0),
});
