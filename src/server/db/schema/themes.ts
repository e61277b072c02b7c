import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { companies } from './companies';

// Themes (spec 000 §3): 'vue' themes style the portal, 'pdf' themes the exports. company_id null
// = a system theme every company may use; the default flag marks the base the chosen theme overlays.
export const themes = sqliteTable(
  'themes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['vue', 'pdf'] }).notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    headerImage: text('header_image').notNull().default('/images/header.svg'),
    gradient: integer('gradient').notNull().default(1),
    isDark: integer('is_dark', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [index('themes_company_type_idx').on(t.companyId, t.type)],
);
