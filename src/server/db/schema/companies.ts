import { relations } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { softDelete, timestamps } from './columns';
import { users } from './users';

export const companies = sqliteTable('companies', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  /**
   * Websites that may embed this organisation's public reports (`?embed=1`): host names, one per
   * line ('www.gemeente.nl', '*.gemeente.nl'); the public page's CSP frame-ancestors lists them.
   */
  embedDomains: text('embed_domains').notNull().default(''),
  ...timestamps,
  ...softDelete,
});

// Company admins manage their company's users and projects (isCompanyAdmin in bootstrap).
export const companyAdmins = sqliteTable(
  'company_admins',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

export const companiesRelations = relations(companies, ({ many }) => ({
  users: many(users),
  admins: many(companyAdmins),
}));

export const companyAdminsRelations = relations(companyAdmins, ({ one }) => ({
  company: one(companies, { fields: [companyAdmins.companyId], references: [companies.id] }),
  user: one(users, { fields: [companyAdmins.userId], references: [users.id] }),
}));
