import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * Administrative actions (restores, permanent deletes, loose ends removed, job restarts, access
 * granted or declined): who, what, when. Append-only: no service updates or deletes a row.
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
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index('audit_log_company_idx').on(t.companyId, t.createdAt), index('audit_log_created_idx').on(t.createdAt)],
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
