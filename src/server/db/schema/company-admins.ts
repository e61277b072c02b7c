import { relations } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

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
