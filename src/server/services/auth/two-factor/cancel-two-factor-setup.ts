import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { twoFactorSetups } from '../../../db/schema';
import type { UserServiceContext } from '../../../context';

/** Closing the dialog or running out of time throws the unconfirmed secret away. */
export async function cancelTwoFactorSetup(ctx: UserServiceContext): Promise<void> {
  await ctx.db.delete(twoFactorSetups).where(eq(twoFactorSetups.userId, ctx.user.id));
}

/** Cron: setups whose 300 s ran out. */
export async function deleteExpiredTwoFactorSetups(db: Db, now = new Date()): Promise<number> {
  return (await db.delete(twoFactorSetups).where(lt(twoFactorSetups.expiresAt, now))).rowsAffected;
}
