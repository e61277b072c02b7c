import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { twoFactorChallenges } from '../../db/schema';

export async function deleteExpiredChallenges(db: Db, now = new Date()): Promise<number> {
  const result = await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, now));
  return result.rowsAffected;
}
