import { createSession, validateSessionToken } from '../../src/server/auth/sessions';
import type { UserServiceContext } from '../../src/server/context';
import type { Db } from '../../src/server/db/client';
import { createMailer } from '../../src/server/mail/mailer';

/** A service context for calling services directly as a given (seeded) user. */
export async function serviceContextFor(db: Db, userId: number): Promise<UserServiceContext> {
  const { token } = await createSession(db, userId, { ip: null, userAgent: null });
  const result = await validateSessionToken(db, token);
  if (!result) throw new Error(`user ${userId} has no valid session`);
  const config = { appEnv: 'test' as const, libsqlUrl: 'file:test', mailFrom: 'test@impulz.nl', helpdeskEmail: 'helpdesk@impulz.nl' };
  return { db, user: result.user, now: new Date(), config, mailer: createMailer(db, config) };
}
