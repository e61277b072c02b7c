import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/auth/password';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { generateToken, hashToken } from '../../src/server/auth/tokens';
import { totpAt, verifyTotp } from '../../src/server/auth/totp';

// RFC 6238 appendix B (SHA-1 seed "12345678901234567890"), last 6 of the 8 published digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('matches the RFC 6238 vector at T=%i', (seconds, code) => {
    expect(totpAt(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
  });

  it('accepts one step of drift either way, not two', () => {
    const now = new Date(1111111109 * 1000);
    const step = Math.floor(1111111109 / 30);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, new Date(now.getTime() - 30_000)), now, null)).toBe(step - 1);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, new Date(now.getTime() + 30_000)), now, null)).toBe(step + 1);
    expect(verifyTotp(RFC_SECRET, totpAt(RFC_SECRET, new Date(now.getTime() - 60_000)), now, null)).toBeNull();
  });

  it('refuses a code whose step was already used', () => {
    const now = new Date(1111111109 * 1000);
    const code = totpAt(RFC_SECRET, now);
    const step = verifyTotp(RFC_SECRET, code, now, null);
    expect(step).not.toBeNull();
    expect(verifyTotp(RFC_SECRET, code, now, step)).toBeNull();
  });

  it('refuses malformed codes', () => {
    expect(verifyTotp(RFC_SECRET, '12345', new Date(), null)).toBeNull();
    expect(verifyTotp(RFC_SECRET, 'abcdef', new Date(), null)).toBeNull();
  });
});

describe('passwords', () => {
  it('verifies the right password only, with a random salt per hash', async () => {
    const a = await hashPassword('Geheim-wachtwoord-1!');
    const b = await hashPassword('Geheim-wachtwoord-1!');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('Geheim-wachtwoord-1!', a)).toBe(true);
    expect(await verifyPassword('geheim-wachtwoord-1!', a)).toBe(false);
    expect(await verifyPassword('Geheim-wachtwoord-1!', 'kapot')).toBe(false);
  });
});

describe('tokens', () => {
  it('are 160-bit random and stored only as SHA-256', () => {
    const token = generateToken();
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(generateToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    // FIPS 180-2 test vector; stored hashes stay valid across implementations.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('€ ë')).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode('€ ë'))));
  });
});
