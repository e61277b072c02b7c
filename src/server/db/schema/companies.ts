import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { softDelete, timestamps } from './columns';

export const companies = sqliteTable('companies', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  /**
   * Websites that may embed this organisation's public reports (`?embed=1`): host names, one per
   * line ('www.gemeente.nl', '*.gemeente.nl'); the public page's CSP frame-ancestors lists them.
   */
  embedDomains: text('embed_domains').notNull().default(''),
  /** Months after a study's end that participants' names, e-mail addresses and attributes are kept (default 12; docs/security.md). */
  contactRetentionMonths: integer('contact_retention_months').notNull().default(12),
  /** Months the organisation's audit trail rows are kept. */
  auditRetentionMonths: integer('audit_retention_months').notNull().default(24),
  ...timestamps,
  ...softDelete,
});
