import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { usersNl } from '../../shared/i18n/users';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The POSTs that only read: report data (the body carries the filters), the benchmark menu's
 * option counts for the chosen filters, a report's PDF/CSV export, the public report's data.
 * Changing a temporary password stays possible (a demo account handed out with one must be able
 * to log in).
 */
const READS = [/^\/portal\/api\/v2\/data\//, /^\/portal\/api\/v2\/report\/\d+\/filterCategory$/, /^\/portal\/api\/v2\/report\/\d+\/export(\/chart)?$/, /^\/portal\/api\/v2\/public\//];
/** The account's own writes under /portal/auth (the rest there — login, logout, reset, registration — is not the account acting). */
const AUTH_WRITES = /^\/portal\/auth\/(password\/change|panel\/join)$/;

/**
 * Demo accounts are read-only (probe finding 5): every other write — its own profile, password,
 * two-factor, bookmarks, requests — answers 403 with a Dutch sentence instead of changing
 * anything, whatever roles the account holds.
 */
export const demoReadOnly = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user');
  const path = c.req.path;
  if (!user?.demoExpiresAt || SAFE.has(c.req.method) || READS.some((r) => r.test(path))) return next();
  if (path.startsWith('/portal/auth/') && (!AUTH_WRITES.test(path) || (user.mustChangePassword && path === '/portal/auth/password/change'))) return next();
  throw new AppError('FORBIDDEN', usersNl.demoReadOnly);
});
