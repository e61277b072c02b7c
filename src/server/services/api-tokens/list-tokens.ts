import { desc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { apiTokens } from '../../db/schema';
import { findTokenOwner, presentToken } from './access';

/** GET user/{id}/token: the user's tokens without their secret, newest first. */
export async function listTokens(ctx: UserServiceContext, userId: number) {
  await findTokenOwner(ctx, userId);
  const rows = await ctx.db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((row) => presentToken(row, ctx.now));
}
