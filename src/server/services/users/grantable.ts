import { inArray } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { UserServiceContext } from '../../context';
import { roles } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { DEMO_ROLES, hasRole, isPanelMemberGroup, type Role } from '../../../shared/permissions';

/** Nobody grants a group with more rights (a lower id) than their own; Panellid is never granted (panel members register themselves). */
export function assertGrantableGroup(actor: SessionUser, groupId: number): void {
  if (isPanelMemberGroup(groupId)) throw new AppError('FORBIDDEN', usersNl.panelGroupNotGrantable);
  if (!actor.isRoot && groupId < actor.groupId) throw new AppError('FORBIDDEN', usersNl.groupAbove);
}

/** Nobody grants a role they don't have themselves; demo users only read roles. */
export function assertGrantableRole(actor: SessionUser, role: string, demo: boolean): void {
  if (demo && !DEMO_ROLES.includes(role as Role)) throw new AppError('VALIDATION', usersNl.demoRole, { role_ids: [usersNl.demoRole] });
  if (!actor.isRoot && !hasRole(actor, role as Role)) throw new AppError('FORBIDDEN', usersNl.roleAbove);
}

/** Role ids → names (unknown ids are a 422). */
export async function roleNamesOf(ctx: UserServiceContext, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await ctx.db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, [...new Set(ids)]));
  if (rows.length !== new Set(ids).size) throw new AppError('VALIDATION', nl.validation, { role_ids: [nl.notFound] });
  return rows.map((r) => r.name);
}
