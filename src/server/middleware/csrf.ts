import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { COOKIE_PATH, CSRF_COOKIE, CSRF_HEADER } from '../auth/cookies';
import { generateToken } from '../auth/tokens';
import type { AppEnv } from '../context';
import { AppError, nl } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const encoder = new TextEncoder();

/** Double-submit token (Sanctum style): readable cookie, echoed in a header by the API client. */
export function issueCsrfToken(c: Context): string {
  const token = generateToken(24);
  setCookie(c, CSRF_COOKIE, token, { secure: true, sameSite: 'Lax', path: COOKIE_PATH, maxAge: 12 * 60 * 60 });
  return token;
}

/**
 * Mutating calls need the XSRF header to equal the cookie and, when sent, a same-origin Origin.
 * A call authenticated by a Bearer token carries no cookies a browser could send on its own, so
 * it needs no CSRF token.
 */
export const requireCsrf = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || c.get('user')?.tokenId !== undefined) return next();
  const cookie = getCookie(c, CSRF_COOKIE);
  const header = c.req.header(CSRF_HEADER);
  const origin = c.req.header('origin');
  const sameOrigin = !origin || origin === new URL(c.req.url).origin;
  const matches =
    !!cookie && !!header && constantTimeEqual(encoder.encode(cookie), encoder.encode(decodeURIComponent(header)));
  if (!sameOrigin || !matches) throw new AppError('CSRF', nl.csrf);
  await next();
});
