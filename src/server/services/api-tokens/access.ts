import { AppError } from '../../errors';
import type { UserServiceContext } from '../../context';
import { apiTokens } from '../../db/schema';
import { tokensNl } from '../../../shared/i18n/api-tokens';
import { GROUPS, hasGroup } from '../../../shared/permissions';
import { SCOPE_ROLES, type TokenScope } from '../../../shared/validation/api-tokens';
import { findManagedUser, isDemo, type UserRow } from '../users/access';

/**
 * Tokens belong to technical users (group Api, not demo accounts) and are managed from the API
 * user's page: group Admin or Beheerder with user.edit, for users the actor manages (a
 * Beheerder: the Api users of their own organisation; findManagedUser scopes that).
 */
export async function findTokenOwner(ctx: UserServiceContext, userId: number): Promise<UserRow> {
  if (!hasGroup(ctx.user, 'Beheerder')) throw new AppError('FORBIDDEN', tokensNl.managerOnly);
  const owner = await findManagedUser(ctx, userId, 'user.edit');
  if (owner.groupId !== GROUPS.Api || isDemo(owner)) throw new AppError('VALIDATION', tokensNl.onlyApiUsers, { user: [tokensNl.onlyApiUsers] });
  return owner;
}

/** A token never carries more than its issuer holds: every role a ticked scope lets through must be the actor's own too. */
export function assertScopesWithinOwnRights(ctx: UserServiceContext, scopes: readonly TokenScope[]): void {
  const missing = scopes.filter((scope) => SCOPE_ROLES[scope].some((role) => !ctx.user.roles.includes(role)));
  if (missing.length) throw new AppError('FORBIDDEN', tokensNl.aboveOwnRights, { scopes: [tokensNl.aboveOwnRights] });
}

export type TokenRow = typeof apiTokens.$inferSelect;

/** A token as lists show it: never the secret, nor its hash. */
export function presentToken(row: TokenRow, now: Date) {
  const status = row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= now ? 'expired' : 'active';
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    scopes: row.scopes,
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    status,
  };
}
