import { relations } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { softDelete, timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

// A panel of respondents. Members join with the panel token (stored as its SHA-256 only).
export const panels = sqliteTable(
  'panels',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // base64 PNG (spec 001 §3); null shows the default logo.
    image: text('image'),
    tokenHash: text('token_hash').notNull().unique(),
    ...timestamps,
    ...softDelete,
  },
  (t) => [index('panels_company_idx').on(t.companyId)],
);

export const panelUsers = sqliteTable(
  'panel_users',
  {
    panelId: integer('panel_id')
      .notNull()
      .references(() => panels.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.panelId, t.userId] }), index('panel_users_user_idx').on(t.userId)],
);

export const panelsRelations = relations(panels, ({ one, many }) => ({
  company: one(companies, { fields: [panels.companyId], references: [companies.id] }),
  panelUsers: many(panelUsers),
}));
export const panelUsersRelations = relations(panelUsers, ({ one }) => ({
  panel: one(panels, { fields: [panelUsers.panelId], references: [panels.id] }),
  user: one(users, { fields: [panelUsers.userId], references: [users.id] }),
}));
