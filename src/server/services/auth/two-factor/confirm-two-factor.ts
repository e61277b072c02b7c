import { auditRow } from '../../audit/audit-row';
import { eq } from 'drizzle-orm';
import { sealSecret } from '../../../auth/secret-box';
import { twoFactorSetups, users } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { UserServiceContext } from '../../../context';
import { accountMessages } from '../../../../shared/validation/auth';
import { hashRecoveryCode } from '../recovery-codes';
import { loadPendingSetup } from './pending-setup';

/** Switches two-factor on with the verified secret; the recovery codes are kept only hashed. */
export async function confirmTwoFactor(ctx: UserServiceContext) {
  const setup = await loadPendingSetup(ctx);
  if (setup.verifiedStep === null) {
    throw new AppError('VALIDATION', accountMessages.twoFactorNotVerified, { code: [accountMessages.twoFactorNotVerified] });
  }
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({
        twoFactorSecret: await sealSecret(setup.secret, ctx.config.totpEncryptionKey),
        twoFactorConfirmedAt: ctx.now,
        twoFactorRecoveryCodes: JSON.stringify(setup.recoveryCodes.map(hashRecoveryCode)),
        // The code used to verify can't be used again for a login.
        twoFactorLastStep: setup.verifiedStep,
      })
      .where(eq(users.id, ctx.user.id)),
    ctx.db.delete(twoFactorSetups).where(eq(twoFactorSetups.userId, ctx.user.id)),
    auditRow(ctx, { action: 'auth.two-factor.enable', resource: 'user', resourceId: ctx.user.id, summary: 'Tweestapsverificatie ingeschakeld' }),
  ]);
}
