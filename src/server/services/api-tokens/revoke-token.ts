import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { apiTokens } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { findTokenOwner, presentToken } from './access';

/** DELETE user/{id}/token/{tid}: revokes the token at once (kept in the list as revoked). */
export async function revokeToken(ctx: UserServiceContext, userId: number, tokenId: number) {
  await findTokenOwner(ctx, userId);
  const [row] = await ctx.db
    .update(apiTokens)
    .set({ revokedAt: ctx.now })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', nl.notFound);
  return presentToken(row, ctx.now);
}
