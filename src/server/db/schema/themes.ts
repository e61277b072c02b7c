import { relations } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { ThemeFields } from '../../../shared/theme';
import { timestamps } from './columns';
import { companies } from './companies';

// Themes (spec 000 §3): 'vue' themes style the portal, 'pdf' themes the exports. company_id null
// = a system theme (managed by root users); `is_default` marks the system base a company's chosen
// theme overlays. `fields` holds only what the theme sets: a missing field comes from the base.
export const themes = sqliteTable(
  'themes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['vue', 'pdf'] }).notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    fields: text('fields', { mode: 'json' }).$type<ThemeFields>().notNull().default({}),
    // An uploaded header image in R2 (FILES) and its sniffed type; fields.headerImage points at it.
    headerImageKey: text('header_image_key'),
    headerImageType: text('header_image_type'),
    ...timestamps,
  },
  (t) => [index('themes_company_type_idx').on(t.companyId, t.type)],
);

// The themes a company may use (PUT/DELETE company/{id}/theme/{tid}); `is_default` marks the one
// it uses per type (PUT/DELETE company/{id}/defaultTheme/{tid}), at most one per type.
export const companyThemes = sqliteTable(
  'company_themes',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.themeId] }), index('company_themes_theme_idx').on(t.themeId)],
);

export const themesRelations = relations(themes, ({ many }) => ({ companies: many(companyThemes) }));
export const companyThemesRelations = relations(companyThemes, ({ one }) => ({
  company: one(companies, { fields: [companyThemes.companyId], references: [companies.id] }),
  theme: one(themes, { fields: [companyThemes.themeId], references: [themes.id] }),
}));
