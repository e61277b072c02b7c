import { eq } from 'drizzle-orm';
import { verifyPassword } from '../../auth/password';
import { assertNotThrottled, recordAttempt, THROTTLES } from '../../auth/throttle';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import type { UserServiceContext } from '../../context';
import { accountMessages } from '../../../shared/validation/auth';

/** Re-authentication for sensitive account changes; wrong guesses count towards the throttle. */
export async function verifyOwnPassword(ctx: UserServiceContext, password: string, field = 'password'): Promise<void> {
  await assertNotThrottled(ctx.db, THROTTLES.twoFactorUser, ctx.user.id, ctx.now);
  const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (row && (await verifyPassword(password, row.hash))) return;
  await recordAttempt(ctx.db, THROTTLES.twoFactorUser, ctx.user.id, ctx.now);
  const message = field === 'password' ? accountMessages.passwordWrong : accountMessages.currentPasswordWrong;
  throw new AppError('VALIDATION', message, { [field]: [message] });
}
