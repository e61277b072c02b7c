import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * The audit trail (docs/security.md#audit-trail): who (user, or the API token used), what, which
 * resource, when, from which IP address, with which result. Append-only: no route updates or
 * deletes a row; only the retention job removes rows older than the organisation's period.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation the action concerned (null: installation-wide). */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: integer('resource_id'),
    /** Dutch one-line description, written when the action happens (the item may be gone later). */
    summary: text('summary').notNull(),
    /** Set when the action was made with a personal access token (Bearer) instead of a session. */
    tokenId: integer('token_id'),
    /** The client address as Cloudflare gives it (cf-connecting-ip); null for jobs and cron. */
    ip: text('ip'),
    /** ok, refused (a check said no) or failed (the attempt went wrong, e.g. a wrong password). */
    result: text('result', { enum: ['ok', 'refused', 'failed'] }).notNull().default('ok'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  // Keyset pages (created_at, id) newest first, per filter; SQLite keeps the rowid (id) in every index.
  (t) => [
    index('audit_log_company_idx').on(t.companyId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
    index('audit_log_resource_idx').on(t.resource, t.resourceId, t.createdAt),
  ],
);

export const ACCESS_REQUEST_STATUSES = ['pending', 'granted', 'declined'] as const;

/** 'Toegang aanvragen' from the 'Geen toegang' page: reaches the company's admins. */
export const accessRequests = sqliteTable(
  'access_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ACCESS_REQUEST_STATUSES }).notNull().default('pending'),
    /** What was granted: a role name, or 'project:<id>' for a project membership. */
    granted: text('granted'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('access_requests_company_idx').on(t.companyId, t.status)],
);

/**
 * Installation-wide settings a root administrator changes in the Admin panel, one row a key with a
 * JSON value. Keys: 'showcase_video' ({ title, url }: the front page's video, docs/admin.md).
 */
export const portalSettings = sqliteTable('portal_settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).$type<unknown>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});
