import { relations } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { softDelete, timestamps } from './columns';
import { companies } from './companies';

// Groups of spec 000 §6: a lower id means more rights (Admin 1 … Api 4).
export const userGroups = sqliteTable('user_groups', {
  id: integer('id').primaryKey(),
  description: text('description').notNull().unique(),
  ...timestamps,
});

// Role strings of the form area.action (spec 000 §6).
export const roles = sqliteTable('roles', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    fullname: text('fullname').notNull(),
    passwordHash: text('password_hash').notNull(),
    isRoot: integer('is_root', { mode: 'boolean' }).notNull().default(false),
    mustChangePassword: integer('must_change_password', { mode: 'boolean' }).notNull().default(false),
    mustEnable2fa: integer('must_enable_2fa', { mode: 'boolean' }).notNull().default(false),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorConfirmedAt: integer('two_factor_confirmed_at', { mode: 'timestamp_ms' }),
    // Hashed recovery codes as a JSON array; each is removed when used.
    twoFactorRecoveryCodes: text('two_factor_recovery_codes'),
    // The last TOTP time step accepted, so a code can't be replayed within its window.
    twoFactorLastStep: integer('two_factor_last_step'),
    passwordChangedAt: integer('password_changed_at', { mode: 'timestamp_ms' }),
    requestFeedbackAfter: integer('request_feedback_after', { mode: 'timestamp_ms' }),
    feedbackDontAsk: integer('feedback_dont_ask', { mode: 'boolean' }).notNull().default(false),
    // Mails about new project messages (switched off on the user's own profile).
    messageMails: integer('message_mails', { mode: 'boolean' }).notNull().default(true),
    // The user's id in the company's LimeSurvey installation ('LimeSurvey koppeling', group Admin).
    limeUserId: integer('lime_user_id'),
    // Demo accounts (read-only, limited to chosen projects): login is refused from this moment on.
    demoExpiresAt: integer('demo_expires_at', { mode: 'timestamp_ms' }),
    ...timestamps,
    ...softDelete,
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_company_idx').on(t.companyId)],
);

export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

// Lucia's session design: the id is the SHA-256 of the cookie token, never the token itself.
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

// The state between a correct password and a correct second factor: not a login yet.
export const twoFactorChallenges = sqliteTable(
  'two_factor_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);

// One row per successful login; the front page shows the one before the current session.
export const loginLogs = sqliteTable(
  'login_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loggedInAt: integer('logged_in_at', { mode: 'timestamp_ms' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    ...timestamps,
  },
  (t) => [index('login_logs_user_time_idx').on(t.userId, t.loggedInAt)],
);

export const userGroupsRelations = relations(userGroups, ({ many }) => ({ users: many(users) }));
export const rolesRelations = relations(roles, ({ many }) => ({ userRoles: many(userRoles) }));
export const usersRelations = relations(users, ({ one, many }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  group: one(userGroups, { fields: [users.groupId], references: [userGroups.id] }),
  userRoles: many(userRoles),
  sessions: many(sessions),
  loginLogs: many(loginLogs),
}));
export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
  role: one(roles, { fields: [userRoles.roleId], references: [roles.id] }),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const loginLogsRelations = relations(loginLogs, ({ one }) => ({
  user: one(users, { fields: [loginLogs.userId], references: [users.id] }),
}));
