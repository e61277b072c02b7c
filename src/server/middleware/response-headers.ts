import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { FRAME_ANCESTORS_HEADER, mergeContentSecurityPolicy } from './content-security-policy';

/**
 * The security headers of every answer, built once per isolate: what Hono's `secureHeaders` gave
 * with the options this app used (`tests/unit/response-headers.test.ts` compares them with the
 * library's output, so a Hono upgrade that changes a default shows up there).
 */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
];

const REQUEST_ID = 'X-Request-Id';
const INVALID_ID = /[^\w\-=]/;

/**
 * One middleware for what four did on every request (issue 20: per-request CPU — each layer is a
 * dispatch, closures and promises, and the request id was set twice): the request id (the
 * caller's `X-Request-Id` when it is a plain token of at most 255 characters, as Hono's
 * `requestId` accepted, else a new UUID), and after the handler the answer's security headers,
 * the content security policy (content-security-policy.ts; none on a 304), the request id and the default
 * `Cache-Control: private, no-store` (pages and API answers show personal data).
 */
export const responseHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const given = c.req.header(REQUEST_ID);
  const id = given && given.length <= 255 && !INVALID_ID.test(given) ? given : crypto.randomUUID();
  c.set('requestId', id);
  await next();
  const headers = c.res.headers;
  // Only an HTML page may ask to be framed (the embeddable public report); the list is checked host names.
  const asked = headers.get(FRAME_ANCESTORS_HEADER);
  if (asked !== null) headers.delete(FRAME_ANCESTORS_HEADER);
  const ancestors = asked && (c.res.status === 304 || headers.get('content-type')?.includes('text/html')) ? asked : null;
  // A 304 updates the headers the browser stored with the page (RFC 9111 §4.3.4): a policy on it
  // would replace the page's own (its style and script hashes) with the non-HTML one, and the
  // revalidated page would render without its styles. Without one, the stored policy stays.
  if (c.res.status !== 304) mergeContentSecurityPolicy(headers, ancestors);
  // X-Frame-Options has no allow-list: a page the policy lets named websites frame goes without it.
  for (const [name, value] of SECURITY_HEADERS) if (!ancestors || name !== 'X-Frame-Options') headers.set(name, value);
  headers.delete('X-Powered-By');
  headers.set(REQUEST_ID, id);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-store');
});
