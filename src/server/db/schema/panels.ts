import { relations } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { softDelete, timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

// A panel of respondents. Members join with the panel token: looked up by its SHA-256, and kept
// as text too because it is printed on posters and letters (a recruitment code, not a secret).
export const panels = sqliteTable(
  'panels',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // R2 key of the panel image (PNG, resized to fit 600×500); null shows the default logo.
    imageKey: text('image_key'),
    tokenHash: text('token_hash').notNull().unique(),
    token: text('token'),
    // Switched off: the registration and login links answer 'ongeldig' until switched on again.
    tokenEnabled: integer('token_enabled', { mode: 'boolean' }).notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
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

// A background field of a panel (spec 001 §3 Panel field); `type_id` is PANEL_FIELD_TYPES' id.
export const panelFields = sqliteTable(
  'panel_fields',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    panelId: integer('panel_id')
      .notNull()
      .references(() => panels.id, { onDelete: 'cascade' }),
    typeId: integer('type_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    required: integer('required', { mode: 'boolean' }).notNull().default(false),
    // Range of a number field (either may be open).
    min: real('min'),
    max: real('max'),
    order: integer('order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('panel_fields_panel_idx').on(t.panelId, t.order)],
);

export const panelFieldOptions = sqliteTable(
  'panel_field_options',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    panelFieldId: integer('panel_field_id')
      .notNull()
      .references(() => panelFields.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    order: integer('order').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('panel_field_options_field_idx').on(t.panelFieldId, t.order)],
);

// A member's background answer: one row per chosen option (choice fields) or one row with `value`
// (text 'as typed', number as text, date 'YYYY-MM-DD', postcode '1234 AB').
export const panelAnswers = sqliteTable(
  'panel_answers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    panelFieldId: integer('panel_field_id')
      .notNull()
      .references(() => panelFields.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: integer('option_id').references(() => panelFieldOptions.id, { onDelete: 'cascade' }),
    value: text('value'),
    ...timestamps,
  },
  (t) => [index('panel_answers_user_idx').on(t.userId, t.panelFieldId), index('panel_answers_field_idx').on(t.panelFieldId)],
);

export const panelsRelations = relations(panels, ({ one, many }) => ({
  company: one(companies, { fields: [panels.companyId], references: [companies.id] }),
  panelUsers: many(panelUsers),
  fields: many(panelFields),
}));
export const panelUsersRelations = relations(panelUsers, ({ one }) => ({
  panel: one(panels, { fields: [panelUsers.panelId], references: [panels.id] }),
  user: one(users, { fields: [panelUsers.userId], references: [users.id] }),
}));
export const panelFieldsRelations = relations(panelFields, ({ one, many }) => ({
  panel: one(panels, { fields: [panelFields.panelId], references: [panels.id] }),
  options: many(panelFieldOptions),
}));
export const panelFieldOptionsRelations = relations(panelFieldOptions, ({ one }) => ({
  field: one(panelFields, { fields: [panelFieldOptions.panelFieldId], references: [panelFields.id] }),
}));
