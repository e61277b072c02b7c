import { createSession, type SessionMeta } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { loginLogs } from '../../db/schema';

/** A completed login: the login log row and a fresh session (a new id at every login). */
export async function startSession(db: Db, userId: number, meta: SessionMeta, now: Date) {
  await db.insert(loginLogs).values({ userId, loggedInAt: now, ip: meta.ip, userAgent: meta.userAgent });
  return createSession(db, userId, meta, now);
}
