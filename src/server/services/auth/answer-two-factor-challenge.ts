import { eq, sql } from 'drizzle-orm';
import type { SessionMeta } from '../../auth/sessions';
import { hashToken } from '../../auth/tokens';
import { openSecret } from '../../auth/secret-box';
import { assertNotThrottled, recordAttempt, THROTTLES } from '../../auth/throttle';
import { verifyTotp } from '../../auth/totp';
import { twoFactorChallenges, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { ServiceContext } from '../../context';
import { loginMessages, type TwoFactorChallengeInput } from '../../../shared/validation/auth';
import { startSession } from './start-session';
import { hashRecoveryCode } from './recovery-codes';
import { auditRow } from '../audit/audit-row';

const MAX_ATTEMPTS = 5;

/** Second step of a login: a TOTP code (not replayable) or a single-use recovery code. */
export async function answerTwoFactorChallenge(
  ctx: ServiceContext,
  challengeToken: string | undefined,
  input: TwoFactorChallengeInput,
  meta: SessionMeta,
) {
  const expired = () => new AppError('VALIDATION', loginMessages.twoFactorExpired, { code: [loginMessages.twoFactorExpired] });
  if (!challengeToken) throw expired();
  await assertNotThrottled(ctx.db, THROTTLES.twoFactorIp, meta.ip, ctx.now);
  const challengeId = hashToken(challengeToken);
  const [row] = await ctx.db
    .select({
      expiresAt: twoFactorChallenges.expiresAt,
      attempts: twoFactorChallenges.attempts,
      userId: users.id,
      secret: users.twoFactorSecret,
      lastStep: users.twoFactorLastStep,
      recoveryCodes: users.twoFactorRecoveryCodes,
    })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(eq(twoFactorChallenges.id, challengeId))
    .limit(1);
  if (!row || row.expiresAt <= ctx.now || row.attempts >= MAX_ATTEMPTS || !row.secret) {
    if (row) await ctx.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, challengeId));
    throw expired();
  }
  await assertNotThrottled(ctx.db, THROTTLES.twoFactorUser, row.userId, ctx.now);

  let accepted = false;
  if ('code' in input) {
    const step = verifyTotp(await openSecret(row.secret, ctx.config.totpEncryptionKey), input.code, ctx.now, row.lastStep);
    if (step !== null) {
      // The step only moves forward; a concurrent request with the same code loses this race.
      const result = await ctx.db
        .update(users)
        .set({ twoFactorLastStep: step })
        .where(sql`${users.id} = ${row.userId} and coalesce(${users.twoFactorLastStep}, -1) < ${step}`);
      accepted = result.rowsAffected === 1;
    }
  } else {
    const codes: string[] = row.recoveryCodes ? JSON.parse(row.recoveryCodes) : [];
    const hashed = hashRecoveryCode(input.recovery_code);
    if (codes.includes(hashed)) {
      const remaining = JSON.stringify(codes.filter((c) => c !== hashed));
      const result = await ctx.db
        .update(users)
        .set({ twoFactorRecoveryCodes: remaining })
        .where(sql`${users.id} = ${row.userId} and ${users.twoFactorRecoveryCodes} = ${row.recoveryCodes}`);
      accepted = result.rowsAffected === 1;
    }
  }

  if (!accepted) {
    await recordAttempt(ctx.db, THROTTLES.twoFactorUser, row.userId, ctx.now);
    await recordAttempt(ctx.db, THROTTLES.twoFactorIp, meta.ip, ctx.now);
    await ctx.db.batch([
      ctx.db
        .update(twoFactorChallenges)
        .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
        .where(eq(twoFactorChallenges.id, challengeId)),
      auditRow({ ...ctx, ip: meta.ip }, { action: 'auth.login.failed', resource: 'user', resourceId: row.userId, userId: row.userId, result: 'failed', summary: 'code' in input ? 'Inloggen mislukt: verkeerde code van de tweede factor' : 'Inloggen mislukt: verkeerde herstelcode' }),
    ]);
    const field = 'code' in input ? 'code' : 'recovery_code';
    throw new AppError('VALIDATION', loginMessages.twoFactorFailed, { [field]: [loginMessages.twoFactorFailed] });
  }
  await ctx.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, challengeId));
  return startSession(ctx.db, row.userId, meta, ctx.now, 'code' in input ? 'Ingelogd met tweede factor' : 'Ingelogd met een herstelcode');
}
