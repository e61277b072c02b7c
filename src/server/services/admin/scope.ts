import type { SessionUser } from '../../auth/sessions';
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
