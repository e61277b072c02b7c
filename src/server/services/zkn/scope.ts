import { eq, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import { healthcareCompanies, ratingJobs } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { hasRole, type Role } from '../../../shared/permissions';

/** zkn.view reads, zkn.create imports providers and starts rating jobs (the route guards say the same). */
export function requireZknRole(user: SessionUser, role: Extract<Role, `zkn.${string}`>): void {
  if (!hasRole(user, role)) throw new AppError('FORBIDDEN', nl.forbidden);
}

/** The organisation whose providers and rating jobs the user works with (root: every one). */
export function providerScope(user: SessionUser): SQL | undefined {
  if (user.isRoot) return undefined;
  return eq(healthcareCompanies.companyId, user.companyId ?? -1);
}

export function ratingJobScope(user: SessionUser): SQL | undefined {
  if (user.isRoot) return undefined;
  return eq(ratingJobs.companyId, user.companyId ?? -1);
}

/** New providers and jobs belong to the user's own organisation; a user without one can't add any. */
export function ownCompanyId(user: SessionUser): number {
  if (user.companyId === null) throw new AppError('FORBIDDEN', nl.forbidden);
  return user.companyId;
}

export const notFound = () => new AppError('NOT_FOUND', nl.notFound);
