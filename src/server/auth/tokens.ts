import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** A random token of `bytes` bytes (default 20 = 160 bits), base32 without padding. */
export function generateToken(bytes = 20): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return encodeBase32LowerCaseNoPadding(buf);
}

/**
 * Tokens are stored only as their SHA-256 (hex), so a database leak doesn't hand out sessions.
 * The runtime's native hash (workerd's `node:crypto`, nodejs_compat): every request's session
 * check runs it, and the JavaScript SHA-256 it replaces was ~10 % of that request's Worker CPU.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
