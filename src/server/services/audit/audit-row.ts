import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteInsertValue } from 'drizzle-orm/sqlite-core';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { auditLog, surveys, users } from '../../db/schema';

export type AuditResult = 'ok' | 'refused' | 'failed';

/** Who acts: the request's user (session or API token) and address; jobs and cron have neither. */
export interface AuditActor {
  db: Db;
  user: SessionUser | null;
  ip?: string | null;
  now?: Date;
}

export interface AuditEntry {
  /** Dotted kind, e.g. 'auth.login', 'user.update', 'responses.export' (docs/security.md lists them). */
  action: string;
  resource: string;
  resourceId?: number | null;
  /**
   * The organisation the action concerned. Absent: the organisation of `userId` (or of the actor);
   * null: installation-wide (root sees it only).
   */
  companyId?: number | null | SQL<number | null>;
  /** Whose action it was when there is no logged-in actor yet (a login, a failed login). */
  userId?: number | null;
  /** Dutch one-line description, written when the action happens (the item may be gone later). */
  summary: string;
  result?: AuditResult;
}

/**
 * The audit row of an action as an insert builder, to run in the same batch (or transaction: pass
 * `db`) as the action itself, so neither exists without the other. Append-only: nothing in the
 * portal updates a row; the retention job deletes rows past the organisation's period.
 */
export function auditRow(actor: AuditActor, entry: AuditEntry, db: Db = actor.db) {
  return db.insert(auditLog).values(auditValues(actor, entry));
}

/** The row's values, for a transaction's own insert (`tx.insert(auditLog).values(auditValues(…))`). */
export function auditValues(actor: Omit<AuditActor, 'db'>, entry: AuditEntry): SQLiteInsertValue<typeof auditLog> {
  const userId = entry.userId !== undefined ? entry.userId : (actor.user?.id ?? null);
  const companyId =
    entry.companyId !== undefined
      ? entry.companyId
      : entry.userId === undefined && actor.user
        ? actor.user.companyId
        : userId === null
          ? null
          : sql<number | null>`(select ${users.companyId} from ${users} where ${users.id} = ${userId})`;
  return {
    userId,
    companyId,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId ?? null,
    summary: entry.summary.slice(0, 500),
    tokenId: actor.user?.tokenId ?? null,
    ip: actor.ip?.slice(0, 64) ?? null,
    result: entry.result ?? 'ok',
    ...(actor.now ? { createdAt: actor.now } : {}),
  };
}

/** A survey's organisation as a subquery, for rows written where only the survey id is at hand. */
export const surveyCompany = (surveyId: number) => sql<number | null>`(select ${surveys.companyId} from ${surveys} where ${surveys.id} = ${surveyId})`;
