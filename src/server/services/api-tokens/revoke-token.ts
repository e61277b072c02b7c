import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { apiTokens } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { auditRow } from '../audit/audit-row';
import { findTokenOwner, presentToken } from './access';

/** DELETE user/{id}/token/{tid}: revokes the token at once (kept in the list as revoked); audited in the same batch. */
export async function revokeToken(ctx: UserServiceContext, userId: number, tokenId: number) {
  const owner = await findTokenOwner(ctx, userId);
  const mine = and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt));
  const [current] = await ctx.db.select({ name: apiTokens.name }).from(apiTokens).where(mine);
  if (!current) throw new AppError('NOT_FOUND', nl.notFound);
  const [[row]] = await ctx.db.batch([
    ctx.db.update(apiTokens).set({ revokedAt: ctx.now }).where(mine).returning(),
    auditRow(ctx, { action: 'token.revoke', resource: 'user', resourceId: userId, companyId: owner.companyId, summary: `Toegangstoken '${current.name}' ingetrokken voor ${owner.fullname}` }),
  ]);
  if (!row) throw new AppError('NOT_FOUND', nl.notFound);
  return presentToken(row, ctx.now);
}
