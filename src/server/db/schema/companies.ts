import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { softDelete, timestamps } from './columns';

export const companies = sqliteTable('companies', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  ...timestamps,
  ...softDelete,
});
