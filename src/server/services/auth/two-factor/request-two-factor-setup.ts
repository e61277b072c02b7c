import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI } from '@oslojs/otp';
import { qrCodePngBase64 } from '../../../auth/qr-png';
import { sealSecret } from '../../../auth/secret-box';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../../auth/totp';
import { twoFactorSetups } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { UserServiceContext } from '../../../context';
import { accountMessages, type TwoFactorPasswordInput } from '../../../../shared/validation/auth';
import { generateRecoveryCodes } from '../recovery-codes';
import { verifyOwnPassword } from '../verify-own-password';
import { TWO_FACTOR_SETUP_TTL_MS } from './pending-setup';

/** Step 1 of the setup dialog: password check, then a fresh secret (QR) and 8 recovery codes. */
export async function requestTwoFactorSetup(ctx: UserServiceContext, input: TwoFactorPasswordInput) {
  if (ctx.user.twoFactorConfirmed) throw new AppError('CONFLICT', accountMessages.twoFactorAlreadyOn);
  await verifyOwnPassword(ctx, input.password);

  const key = crypto.getRandomValues(new Uint8Array(20));
  const secret = encodeBase32UpperCaseNoPadding(key);
  const recoveryCodes = generateRecoveryCodes();
  const expiresAt = new Date(ctx.now.getTime() + TWO_FACTOR_SETUP_TTL_MS);
  const values = {
    secret: await sealSecret(secret, ctx.config.totpEncryptionKey),
    recoveryCodes: await sealSecret(JSON.stringify(recoveryCodes), ctx.config.totpEncryptionKey),
    verifiedStep: null,
    expiresAt,
  };
  await ctx.db
    .insert(twoFactorSetups)
    .values({ userId: ctx.user.id, ...values })
    .onConflictDoUpdate({ target: twoFactorSetups.userId, set: values });

  const uri = createTOTPKeyURI('ImpulZ', ctx.user.email, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  return {
    qr_code: await qrCodePngBase64(uri),
    recovery_codes: recoveryCodes,
    secret,
    expires_at: expiresAt.toISOString(),
  };
}
