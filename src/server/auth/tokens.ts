import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** A random token of `bytes` bytes (default 20 = 160 bits), base32 without padding. */
export function generateToken(bytes = 20): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return encodeBase32LowerCaseNoPadding(buf);
}

/** Tokens are stored only as their SHA-256, so a database leak doesn't hand out sessions. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
