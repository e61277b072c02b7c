import { auditRow } from '../../audit/audit-row';
import { eq } from 'drizzle-orm';
import { twoFactorSetups, users } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { UserServiceContext } from '../../../context';
import { accountMessages, type TwoFactorPasswordInput } from '../../../../shared/validation/auth';
import { verifyOwnPassword } from '../verify-own-password';

/** Marks two-factor inactive; not allowed for accounts that must have it (administrators). */
export async function disableTwoFactor(ctx: UserServiceContext, input: TwoFactorPasswordInput): Promise<void> {
  if (ctx.user.mustEnable2fa) throw new AppError('FORBIDDEN', accountMessages.twoFactorRequired);
  await verifyOwnPassword(ctx, input.password);
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ twoFactorSecret: null, twoFactorConfirmedAt: null, twoFactorRecoveryCodes: null, twoFactorLastStep: null })
      .where(eq(users.id, ctx.user.id)),
    ctx.db.delete(twoFactorSetups).where(eq(twoFactorSetups.userId, ctx.user.id)),
    auditRow(ctx, { action: 'auth.two-factor.disable', resource: 'user', resourceId: ctx.user.id, summary: 'Tweestapsverificatie uitgeschakeld' }),
  ]);
}
