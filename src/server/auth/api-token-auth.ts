import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, users } from '../db/schema';
import { SCOPE_ROLES, type TokenScope } from '../../shared/validation/api-tokens';
import { activeAccount, identityColumns, toSessionUser, type SessionUser } from './sessions';
import { hashToken } from './tokens';

// "Last used" is written at most every 5 minutes, so a busy script doesn't turn reads into writes.
const LAST_USED_GRANULARITY_MS = 5 * 60 * 1000;

/**
 * The user behind `Authorization: Bearer <token>`: an active owner and a token that is neither
 * revoked nor expired, in one query. The roles are the owner's roles narrowed to the token's
 * scopes, so the routes' role checks and the services' row-level rules apply unchanged.
 */
export async function validateApiToken(db: Db, token: string, now = new Date()): Promise<SessionUser | null> {
  const [row] = await db
    .select({ tokenId: apiTokens.id, scopes: apiTokens.scopes, lastUsedAt: apiTokens.lastUsedAt, ...identityColumns })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashToken(token)),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), sql`${apiTokens.expiresAt} > ${now.getTime()}`),
        activeAccount(now),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || row.lastUsedAt.getTime() < now.getTime() - LAST_USED_GRANULARITY_MS) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, row.tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_GRANULARITY_MS)))));
  }
  const allowed = new Set((row.scopes as TokenScope[]).flatMap((scope) => SCOPE_ROLES[scope] ?? []));
  const user = toSessionUser(row);
  // A token is an integration, not a person at a screen: no password or two-factor hold applies.
  return { ...user, roles: user.roles.filter((r) => allowed.has(r as never)), mustChangePassword: false, mustEnable2fa: false, tokenId: row.tokenId };
}
