import { auditRow } from '../audit/audit-row';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { SessionMeta } from '../../auth/sessions';
import { clearThrottle, consumeAttempt, THROTTLES } from '../../auth/throttle';
import { hashToken } from '../../auth/tokens';
import { passwordResets, sessions, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { ServiceContext } from '../../context';
import { accountMessages, type PasswordResetInput } from '../../../shared/validation/auth';

/**
 * POST password/reset: the token works once. Every session of the account ends; the user then
 * logs in normally, so a reset link never skips the second factor.
 */
export async function resetPassword(ctx: ServiceContext, input: PasswordResetInput, meta: SessionMeta): Promise<void> {
  await consumeAttempt(ctx.db, THROTTLES.passwordResetIp, meta.ip, ctx.now);
  const id = hashToken(input.token);
  const invalid = () => new AppError('VALIDATION', accountMessages.resetInvalid, { token: [accountMessages.resetInvalid] });
  const [reset] = await ctx.db
    .select({ userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, ctx.now), isNull(users.deletedAt)))
    .limit(1);
  if (!reset) throw invalid();
  const passwordHash = await hashPassword(input.password);
  // Claim the token first: of two concurrent requests only one gets rowsAffected 1.
  const claim = await ctx.db
    .update(passwordResets)
    .set({ usedAt: ctx.now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)));
  if (claim.rowsAffected !== 1) throw invalid();
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ passwordHash, passwordChangedAt: ctx.now, mustChangePassword: false })
      .where(eq(users.id, reset.userId)),
    ctx.db.delete(sessions).where(eq(sessions.userId, reset.userId)),
    ctx.db.delete(passwordResets).where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt))),
    auditRow({ ...ctx, user: null, ip: meta.ip }, { action: 'auth.password.reset', resource: 'user', resourceId: reset.userId, userId: reset.userId, summary: 'Wachtwoord opnieuw ingesteld via e-maillink; alle sessies beëindigd' }),
  ]);
  await clearThrottle(ctx.db, THROTTLES.loginAccount, reset.email);
}
