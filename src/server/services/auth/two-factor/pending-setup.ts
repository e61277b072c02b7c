import { and, eq, gt } from 'drizzle-orm';
import { openSecret } from '../../../auth/secret-box';
import { twoFactorSetups } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { UserServiceContext } from '../../../context';
import { accountMessages } from '../../../../shared/validation/auth';

/** Spec 001 §9: the setup dialog has 300 seconds. */
export const TWO_FACTOR_SETUP_TTL_MS = 300_000;

/** The user's setup that is still within its window, decrypted; 422 when there is none. */
export async function loadPendingSetup(ctx: UserServiceContext) {
  const [row] = await ctx.db
    .select()
    .from(twoFactorSetups)
    .where(and(eq(twoFactorSetups.userId, ctx.user.id), gt(twoFactorSetups.expiresAt, ctx.now)))
    .limit(1);
  if (!row) throw new AppError('VALIDATION', accountMessages.twoFactorNoSetup, { code: [accountMessages.twoFactorNoSetup] });
  const key = ctx.config.totpEncryptionKey;
  return {
    secret: await openSecret(row.secret, key),
    recoveryCodes: JSON.parse(await openSecret(row.recoveryCodes, key)) as string[],
    verifiedStep: row.verifiedStep,
    expiresAt: row.expiresAt,
  };
}
