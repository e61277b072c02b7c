import { relations } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { userGroups, users } from './users';

// Fixed-window counters for throttling (login, two-factor, password, token endpoints). Stored in
// libSQL so every isolate sees the same count. key = '<scope>:<account or ip>'.
export const throttles = sqliteTable(
  'throttles',
  {
    key: text('key').primaryKey(),
    windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('throttles_expires_idx').on(t.expiresAt)],
);

// Password reset requests: only the SHA-256 of the token is stored; single use, 60 minutes.
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('password_resets_user_idx').on(t.userId), index('password_resets_expires_idx').on(t.expiresAt)],
);

// An invitation to register in a company; the token (hashed) is single use.
export const invites = sqliteTable(
  'invites',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    fullname: text('fullname').notNull().default(''),
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'restrict' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('invites_company_idx').on(t.companyId, t.createdAt), index('invites_email_idx').on(t.email)],
);

// A two-factor setup in progress (spec 001 §4: 300 s window). Secret and recovery codes are
// encrypted; they move to the user only when a code from the app has been checked.
export const twoFactorSetups = sqliteTable('two_factor_setups', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  recoveryCodes: text('recovery_codes').notNull(),
  verifiedStep: integer('verified_step'),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  ...timestamps,
});

export const invitesRelations = relations(invites, ({ one }) => ({
  company: one(companies, { fields: [invites.companyId], references: [companies.id] }),
}));
