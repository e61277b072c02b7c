import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { AppError, nl } from '../errors';
import { hasRole, type Role } from '../../shared/permissions';

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user) throw new AppError('UNAUTHENTICATED', nl.unauthenticated);
  await next();
});

/** Route-level role check (any of the given roles); row-level checks happen in the services. */
export function requireRole(role: Role | readonly Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.user) throw new AppError('UNAUTHENTICATED', nl.unauthenticated);
    if (!hasRole(c.var.user, role)) throw new AppError('FORBIDDEN', nl.forbidden);
    await next();
  });
}
