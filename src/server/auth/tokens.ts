import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** A random token of `bytes` bytes (default 20 = 160 bits), base32 without padding. */
export function generateToken(bytes = 20): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return encodeBase32LowerCaseNoPadding(buf);
}

/**
 * The last hashes computed in this isolate (issue 20: per-request CPU): a session cookie comes
 * back on every request, and hashing it (workerd's `Hash` object, buffers, hex) was ~6–7 % of the
 * floor's Worker JavaScript. A pure function of the token, so nothing about a session is cached:
 * the session row is read on every request as before (logout, expiry, roles unchanged). Oldest
 * first out, bounded.
 */
const HASHES_KEPT = 1000;
const hashes = new Map<string, string>();

/**
 * Tokens are stored only as their SHA-256 (hex), so a database leak doesn't hand out sessions.
 * The runtime's native hash (workerd's `node:crypto`, nodejs_compat): every request's session
 * check runs it, and the JavaScript SHA-256 it replaces was ~10 % of that request's Worker CPU.
 */
export function hashToken(token: string): string {
  let hash = hashes.get(token);
  if (hash === undefined) {
    hash = createHash('sha256').update(token, 'utf8').digest('hex');
    if (hashes.size >= HASHES_KEPT) hashes.delete(hashes.keys().next().value!);
    hashes.set(token, hash);
  }
  return hash;
}
