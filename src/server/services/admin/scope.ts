import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { hasRole, type Role } from '../../../shared/permissions';

/** admin.view reads, admin.edit restores/restarts/grants, admin.delete removes (the route guards say the same). */
export function requireAdminRole(user: SessionUser, role: Extract<Role, `admin.${string}`>): void {
  if (!hasRole(user, role)) throw new AppError('FORBIDDEN', nl.forbidden);
}

/** Root users administer the installation; other admins their own organisation (null = everything). */
export function adminCompany(user: SessionUser): number | null {
  return user.isRoot ? null : (user.companyId ?? -1);
}

export const notFound = () => new AppError('NOT_FOUND', nl.notFound);

/** The audit row of an administrative action, to run in the same batch as the action itself. */
export function auditStatement(db: Db, user: SessionUser, entry: { action: string; resource: string; resourceId?: number | null; companyId?: number | null; summary: string }) {
  return db.insert(auditLog).values({
    userId: user.id,
    companyId: entry.companyId ?? null,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId ?? null,
    summary: entry.summary.slice(0, 500),
  });
}
