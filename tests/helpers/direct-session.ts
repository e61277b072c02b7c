import { createSession } from '../../src/server/auth/sessions';
import type { Db } from '../../src/server/db/client';
import type { HttpSession } from './http-session';
import { userByEmail } from './accounts';

/**
 * A logged-in session made straight in the database: for tests that need several sessions of a
 * two-factor user (a TOTP code can't be used twice in its window).
 */
export async function directSession(t: { db: Db; session: () => HttpSession }, email: string): Promise<HttpSession> {
  const user = await userByEmail(t.db, email);
  if (!user) throw new Error(`no user ${email}`);
  const { token } = await createSession(t.db, user.id, { ip: null, userAgent: null });
  const s = t.session();
  s.cookies.set('impulz_session', token);
  await s.csrf();
  return s;
}
