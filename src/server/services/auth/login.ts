import { and, eq, isNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { dummyPasswordHash, verifyPassword } from '../../auth/password';
import type { SessionMeta } from '../../auth/sessions';
import { generateToken, hashToken } from '../../auth/tokens';
import { clearThrottleQuery, recordAttemptQuery, throttleCheck, throttleRowQuery, THROTTLES } from '../../auth/throttle';
import { sessions, twoFactorChallenges, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { ServiceContext } from '../../context';
import { loginMessages, type LoginInput } from '../../../shared/validation/auth';
import { startSessionWrites } from './start-session';
import { usersNl } from '../../../shared/i18n/users';
import { formatDate } from '../../../shared/format';
import { auditRow } from '../audit/audit-row';

export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type LoginResult =
  | { kind: 'session'; token: string; expiresAt: Date }
  | { kind: 'two_factor'; challengeToken: string; expiresAt: Date };

/**
 * Checks the credentials. Unknown e-mail and wrong password give the same answer after the same
 * amount of work, so the answer doesn't reveal which accounts exist. `endSession` is the hashed id
 * of the session the request came with: a login always starts a new session id, so it is deleted
 * with the login's writes (only when the credentials are right, as before).
 *
 * Two round trips (issue 20): one read batch (both throttle counters and the account), then one
 * write batch (the failure counters, or: clear the account counter, end the old session, login
 * log and new session — or the second-factor challenge).
 */
export async function login(ctx: ServiceContext, input: LoginInput, meta: SessionMeta, endSession: string | null = null): Promise<LoginResult> {
  const [[accountCounter], [ipCounter], [user]] = await ctx.db.batch([
    throttleRowQuery(ctx.db, THROTTLES.loginAccount, input.email),
    throttleRowQuery(ctx.db, THROTTLES.loginIp, meta.ip),
    ctx.db
      .select({ id: users.id, passwordHash: users.passwordHash, twoFactorConfirmedAt: users.twoFactorConfirmedAt, demoExpiresAt: users.demoExpiresAt })
      .from(users)
      .where(and(eq(users.email, input.email), isNull(users.deletedAt)))
      .limit(1),
  ]);
  throttleCheck(THROTTLES.loginAccount, ctx.now, accountCounter);
  throttleCheck(THROTTLES.loginIp, ctx.now, ipCounter);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid) {
    // Only failures count, per address (also unknown ones, so the answer stays the same) and per IP.
    // The failure is audited: a known account under its user (its organisation sees it), an unknown address installation-wide.
    await ctx.db.batch([
      recordAttemptQuery(ctx.db, THROTTLES.loginAccount, input.email, ctx.now),
      recordAttemptQuery(ctx.db, THROTTLES.loginIp, meta.ip, ctx.now),
      auditRow({ ...ctx, user: null, ip: meta.ip }, user
        ? { action: 'auth.login.failed', resource: 'user', resourceId: user.id, userId: user.id, result: 'failed', summary: 'Inloggen mislukt: verkeerd wachtwoord' }
        : { action: 'auth.login.failed', resource: 'user', userId: null, companyId: null, result: 'failed', summary: `Inloggen mislukt: onbekend e-mailadres ${input.email.slice(0, 200)}` }),
    ]);
    throw new AppError('VALIDATION', loginMessages.failed, { email: [loginMessages.failed] });
  }
  const clear = clearThrottleQuery(ctx.db, THROTTLES.loginAccount, input.email);
  // A demo account ends on its date; only someone who knows the password learns that it did.
  if (user.demoExpiresAt && user.demoExpiresAt <= ctx.now) {
    await clear;
    const message = usersNl.demoExpired(formatDate(user.demoExpiresAt.toISOString()));
    throw new AppError('VALIDATION', message, { email: [message] });
  }
  const writes: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [clear];
  if (endSession) writes.push(ctx.db.delete(sessions).where(eq(sessions.id, endSession)));

  if (user.twoFactorConfirmedAt) {
    const challengeToken = generateToken();
    const expiresAt = new Date(ctx.now.getTime() + TWO_FACTOR_CHALLENGE_TTL_MS);
    await ctx.db.batch([
      ...writes,
      ctx.db.insert(twoFactorChallenges).values({ id: hashToken(challengeToken), userId: user.id, expiresAt }),
      auditRow({ ...ctx, user: null, ip: meta.ip }, { action: 'auth.login.password', resource: 'user', resourceId: user.id, userId: user.id, summary: 'Wachtwoord juist; tweede factor gevraagd' }),
    ]);
    return { kind: 'two_factor', challengeToken, expiresAt };
  }
  const { token, session, writes: sessionWrites } = startSessionWrites(ctx.db, user.id, meta, ctx.now);
  await ctx.db.batch([...writes, ...sessionWrites]);
  return { kind: 'session', token, expiresAt: session.expiresAt };
}
