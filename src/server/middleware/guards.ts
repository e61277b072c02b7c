import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { AppError, nl } from '../errors';
import { hasRole, type Role } from '../../shared/permissions';

/**
 * What a route demands, attached to its guard middleware so tests can enumerate every registered
 * route (`app.routes`) and check that none is left without a declared access rule.
 */
export type Access = { kind: 'login' } | { kind: 'role'; roles: readonly Role[] } | { kind: 'public' };

export function accessOf(handler: unknown): Access | undefined {
  return (handler as { access?: Access } | null)?.access;
}

function withAccess(handler: MiddlewareHandler<AppEnv>, access: Access): MiddlewareHandler<AppEnv> {
  return Object.assign(handler, { access });
}

/** Any signed-in user (e.g. bootstrap). */
export const requireUser = withAccess(
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get('user')) throw new AppError('UNAUTHENTICATED', nl.unauthenticated);
    await next();
  }),
  { kind: 'login' },
);

/** Route-level role check (any of the given roles); row-level checks happen in the services. */
export function requireRole(role: Role | readonly Role[]) {
  const roles: readonly Role[] = typeof role === 'string' ? [role] : role;
  return withAccess(
    createMiddleware<AppEnv>(async (c, next) => {
      if (!c.get('user')) throw new AppError('UNAUTHENTICATED', nl.unauthenticated);
      if (!hasRole(c.get('user'), roles)) throw new AppError('FORBIDDEN', nl.forbidden);
      await next();
    }),
    { kind: 'role', roles },
  );
}

/** Explicitly open: no login needed (auth and public routes). */
export const publicAccess = withAccess(
  createMiddleware<AppEnv>(async (_c, next) => {
    await next();
  }),
  { kind: 'public' },
);
