import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { hashToken } from '../../auth/tokens';

export const RECOVERY_CODE_COUNT = 8;

/** 'abcde-fghij': 50 random bits, readable in two groups. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(7));
    const code = encodeBase32LowerCaseNoPadding(bytes).slice(0, 10);
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Stored as SHA-256 of the normalised code: case, spaces and the dash don't matter when typed. */
export function hashRecoveryCode(code: string): string {
  return hashToken(code.replace(/[\s-]+/g, '').toLowerCase());
}
