import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

/**
 * RFC 6238 with ±1 step of clock drift. Returns the matched time step, or null. Callers store the
 * step and pass it as `lastStep` next time, so a code can't be replayed within its window.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = decodeBase32IgnorePadding(secretBase32.toUpperCase());
  const current = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
  for (const step of [current - 1, current, current + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    if (generateHOTP(key, BigInt(step), TOTP_DIGITS) === code) return step;
  }
  return null;
}

export function totpAt(secretBase32: string, when: Date): string {
  const step = Math.floor(when.getTime() / 1000 / TOTP_PERIOD_SECONDS);
  return generateHOTP(decodeBase32IgnorePadding(secretBase32.toUpperCase()), BigInt(step), TOTP_DIGITS);
}
