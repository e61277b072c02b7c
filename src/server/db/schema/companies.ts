import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { softDelete, timestamps } from './columns';

export const companies = sqliteTable('companies', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  /** Months after a study's end that participants' names and e-mail addresses are kept (docs/privacy.md). */
  contactRetentionMonths: integer('contact_retention_months').notNull().default(6),
  /** Months the organisation's audit trail rows are kept. */
  auditRetentionMonths: integer('audit_retention_months').notNull().default(24),
  ...timestamps,
  ...softDelete,
});
