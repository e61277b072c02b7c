import { getCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '../auth/cookies';
import { invalidateSession } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import type { AppContext } from '../context';

/** Ends whatever session the request came with: a login always starts a new session id. */
export async function endCurrentSession(c: AppContext) {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) await invalidateSession(c.get('db'), hashToken(token));
}
