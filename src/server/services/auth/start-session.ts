import type { BatchItem } from 'drizzle-orm/batch';
import { newSession, type SessionMeta } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { loginLogs } from '../../db/schema';

/** A completed login: the login log row and a fresh session (a new id at every login). */
export async function startSession(db: Db, userId: number, meta: SessionMeta, now: Date) {
  const { token, session, writes } = startSessionWrites(db, userId, meta, now);
  await db.batch(writes);
  return { token, session };
}

/** startSession's writes as query builders, so a login puts them into its one write batch (issue 20). */
export function startSessionWrites(db: Db, userId: number, meta: SessionMeta, now: Date) {
  const { token, session, insert } = newSession(db, userId, meta, now);
  const writes: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [db.insert(loginLogs).values({ userId, loggedInAt: now, ip: meta.ip, userAgent: meta.userAgent }), insert];
  return { token, session, writes };
}
