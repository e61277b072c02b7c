import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { validateApiToken } from '../auth/api-token-auth';
import { SESSION_COOKIE } from '../auth/cookies';
import { validateSessionToken } from '../auth/sessions';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie';
import type { AppEnv } from '../context';
import { reportDataTarget } from '../services/report-data/answer-cache';
import { sessionReportAccess } from '../services/reports/access';
import { AppError } from '../errors';
import { tokensNl } from '../../shared/i18n/api-tokens';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
// Personal access tokens work on the logged-in API only; pages and auth calls use the session.
const TOKEN_PATHS = /^\/portal\/api\/v2\/(?!public(\/|$))/;

/**
 * Resolves who is calling once per request; pages and API both read `c.get('user')` (not
 * `c.var`: Hono copies every variable into a new object on each `c.var` read). On the API an
 * `Authorization: Bearer` token is the identity (cookies are then ignored); an invalid, revoked
 * or expired token is a 401 whatever cookies came along.
 */
export const resolveSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null);
  c.set('session', null);
  c.set('dataGeneration', null);
  c.set('reportAccess', null);
  const authorization = c.req.header('authorization');
  if (authorization && TOKEN_PATHS.test(c.req.path)) {
    const token = BEARER.exec(authorization)?.[1];
    const user = token ? await validateApiToken(c.get('db'), token) : null;
    if (!user) throw new AppError('UNAUTHENTICATED', tokensNl.invalid, undefined, { 'WWW-Authenticate': 'Bearer' });
    c.set('user', user);
    return next();
  }
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const reportId = c.req.method === 'POST' ? reportDataTarget(c.req.path) : null;
    const result = await validateSessionToken(c.get('db'), token, new Date(), reportId === null ? null : { reportId, rule: sessionReportAccess });
    if (result) {
      c.set('user', result.user);
      c.set('session', result.session);
      c.set('dataGeneration', result.dataGeneration);
      c.set('reportAccess', result.reportAccess);
      // The browser holds the cookie with this expiry since login or the last refresh: only a moved
      // expiry is sent again (a Set-Cookie on every answer cost ~3 % of a request's CPU).
      if (result.refreshed) setSessionCookie(c, token, result.session.expiresAt);
    } else {
      clearSessionCookie(c);
    }
  }
  await next();
});
