import { isNotNull, lt, or } from 'drizzle-orm';
import { deleteExpiredThrottles } from '../../auth/throttle';
import type { Db } from '../../db/client';
import { passwordResets } from '../../db/schema';
import { deleteExpiredTwoFactorSetups } from './two-factor/cancel-two-factor-setup';

/** Cron: throttle windows, reset links and two-factor setups that can no longer be used. */
export async function deleteExpiredAccountRows(db: Db, now = new Date()) {
  const [throttles, resets, setups] = await Promise.all([
    deleteExpiredThrottles(db, now),
    db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt))),
    deleteExpiredTwoFactorSetups(db, now),
  ]);
  return { throttles, resets: resets.rowsAffected, setups };
}
