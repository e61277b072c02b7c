import type { BatchItem } from 'drizzle-orm/batch';
import { newSession, type SessionMeta } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { loginLogs } from '../../db/schema';
import { auditRow } from '../audit/audit-row';

/** A completed login: the login log row, its audit row and a fresh session (a new id at every login). */
export async function startSession(db: Db, userId: number, meta: SessionMeta, now: Date, how = 'Ingelogd') {
  const { token, session, writes } = startSessionWrites(db, userId, meta, now, how);
  await db.batch(writes);
  return { token, session };
}

/** startSession's writes as query builders, so a login puts them into its one write batch (issue 20). */
export function startSessionWrites(db: Db, userId: number, meta: SessionMeta, now: Date, how = 'Ingelogd') {
  const { token, session, insert } = newSession(db, userId, meta, now);
  const writes: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [
    db.insert(loginLogs).values({ userId, loggedInAt: now, ip: meta.ip, userAgent: meta.userAgent }),
    auditRow({ db, user: null, ip: meta.ip, now }, { action: 'auth.login', resource: 'user', resourceId: userId, userId, summary: how }),
    insert,
  ];
  return { token, session, writes };
}
