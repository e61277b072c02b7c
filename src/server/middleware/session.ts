import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { SESSION_COOKIE } from '../auth/cookies';
import { validateSessionToken } from '../auth/sessions';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie';
import type { AppEnv } from '../context';

/** Resolves the session cookie to a user once per request; pages and API both read `c.var.user`. */
export const resolveSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('session', null);
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const result = await validateSessionToken(c.var.db, token);
    if (result) {
      c.set('user', result.user);
      c.set('session', result.session);
      setSessionCookie(c, token, result.session.expiresAt);
    } else {
      clearSessionCookie(c);
    }
  }
  await next();
});
