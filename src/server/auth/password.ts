import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64, encodeBase64 } from '@oslojs/encoding';
import { scrypt } from 'node:crypto';

// scrypt parameters are stored with each hash so they can be raised later without a migration.
const PARAMS = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function derive(password: string, salt: Uint8Array, N: number, r: number, p: number, keylen: number) {
  return new Promise<Uint8Array>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keylen, { N, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(new Uint8Array(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = new Uint8Array(16);
  crypto.getRandomValues(salt);
  const { N, r, p, keylen } = PARAMS;
  const key = await derive(password, salt, N, r, p, keylen);
  return ['scrypt', N, r, p, encodeBase64(salt), encodeBase64(key)].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = decodeBase64(hash);
  const key = await derive(password, decodeBase64(salt), Number(n), Number(r), Number(p), expected.length);
  return constantTimeEqual(key, expected);
}

// A fixed hash to verify against when the account doesn't exist, so both answers take as long.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('impulz-timing-equaliser');
  return dummyHash;
}
