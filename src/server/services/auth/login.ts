import { and, eq, isNull } from 'drizzle-orm';
import { dummyPasswordHash, verifyPassword } from '../../auth/password';
import type { SessionMeta } from '../../auth/sessions';
import { generateToken, hashToken } from '../../auth/tokens';
import { assertNotThrottled, clearThrottle, recordAttempt, THROTTLES } from '../../auth/throttle';
import { twoFactorChallenges, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { ServiceContext } from '../../context';
import { loginMessages, type LoginInput } from '../../../shared/validation/auth';
import { startSession } from './start-session';
import { usersNl } from '../../../shared/i18n/users';
import { formatDate } from '../../../shared/format';

export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type LoginResult =
  | { kind: 'session'; token: string; expiresAt: Date }
  | { kind: 'two_factor'; challengeToken: string; expiresAt: Date };

/**
 * Checks the credentials. Unknown e-mail and wrong password give the same answer after the same
 * amount of work, so the answer doesn't reveal which accounts exist.
 */
export async function login(ctx: ServiceContext, input: LoginInput, meta: SessionMeta): Promise<LoginResult> {
  await assertNotThrottled(ctx.db, THROTTLES.loginAccount, input.email, ctx.now);
  await assertNotThrottled(ctx.db, THROTTLES.loginIp, meta.ip, ctx.now);
  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, twoFactorConfirmedAt: users.twoFactorConfirmedAt, demoExpiresAt: users.demoExpiresAt })
    .from(users)
    .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
    .limit(1);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid) {
    // Only failures count, per address (also unknown ones, so the answer stays the same) and per IP.
    await recordAttempt(ctx.db, THROTTLES.loginAccount, input.email, ctx.now);
    await recordAttempt(ctx.db, THROTTLES.loginIp, meta.ip, ctx.now);
    throw new AppError('VALIDATION', loginMessages.failed, { email: [loginMessages.failed] });
  }
  await clearThrottle(ctx.db, THROTTLES.loginAccount, input.email);
  // A demo account ends on its date; only someone who knows the password learns that it did.
  if (user.demoExpiresAt && user.demoExpiresAt <= ctx.now) {
    const message = usersNl.demoExpired(formatDate(user.demoExpiresAt.toISOString()));
    throw new AppError('VALIDATION', message, { email: [message] });
  }

  if (user.twoFactorConfirmedAt) {
    const challengeToken = generateToken();
    const expiresAt = new Date(ctx.now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS);
    await ctx.db.insert(twoFactorChallenges).values({ id: hashToken(challengeToken), userId: user.id, expiresAt });
    return { kind: 'two_factor', challengeToken, expiresAt };
  }
  const { token, session } = await startSession(ctx.db, user.id, meta, ctx.now);
  return { kind: 'session', token, expiresAt: session.expiresAt };
}
