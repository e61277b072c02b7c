import { eq } from 'drizzle-orm';
import { recordAttempt, assertNotThrottled, THROTTLES } from '../../../auth/throttle';
import { verifyTotp } from '../../../auth/totp';
import { twoFactorSetups } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { UserServiceContext } from '../../../context';
import { loginMessages, type TwoFactorCodeInput } from '../../../../shared/validation/auth';
import { loadPendingSetup } from './pending-setup';

/** Step 3: the code from the app proves the secret was scanned; `confirm` then switches it on. */
export async function enableTwoFactor(ctx: UserServiceContext, input: TwoFactorCodeInput) {
  await assertNotThrottled(ctx.db, THROTTLES.twoFactorUser, ctx.user.id, ctx.now);
  const setup = await loadPendingSetup(ctx);
  const step = verifyTotp(setup.secret, input.code, ctx.now, null);
  if (step === null) {
    await recordAttempt(ctx.db, THROTTLES.twoFactorUser, ctx.user.id, ctx.now);
    throw new AppError('VALIDATION', loginMessages.twoFactorFailed, { code: [loginMessages.twoFactorFailed] });
  }
  await ctx.db.update(twoFactorSetups).set({ verifiedStep: step }).where(eq(twoFactorSetups.userId, ctx.user.id));
  return { verified: true, expires_at: setup.expiresAt.toISOString() };
}
