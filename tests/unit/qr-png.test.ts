import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { qrCodePngBase64 } from '../../src/server/auth/qr-png';
import { openSecret, sealSecret } from '../../src/server/auth/secret-box';

describe('QR code PNG', () => {
  it('is a valid greyscale PNG whose pixels are only black and white', async () => {
    const png = Buffer.from(await qrCodePngBase64('otpauth://totp/ImpulZ:a@b.nl?secret=JBSWY3DPEHPK3PXP&issuer=ImpulZ'), 'base64');
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const width = png.readUInt32BE(16);
    expect(width).toBe(png.readUInt32BE(20));
    expect(width % 6).toBe(0);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString()).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe(width * (width + 1));
    expect(new Set(raw.filter((_, i) => i % (width + 1) !== 0))).toEqual(new Set([0, 255]));
  });
});

describe('secret box', () => {
  it('round-trips, differs per call and fails with another key', async () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const a = await sealSecret('JBSWY3DPEHPK3PXP', key);
    const b = await sealSecret('JBSWY3DPEHPK3PXP', key);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await openSecret(a, key)).toBe('JBSWY3DPEHPK3PXP');
    await expect(openSecret(a, Buffer.alloc(32, 8).toString('base64'))).rejects.toThrow();
    expect(await openSecret('LEGACYPLAIN', key)).toBe('LEGACYPLAIN');
  });
});
