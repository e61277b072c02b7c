import { describe, expect, inject, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
import { totpAt } from '../../src/server/auth/totp';
import { HttpSession } from '../helpers/http-session';

const origin = inject('workerUrl');
const session = () => new HttpSession((url, init) => fetch(url, init), origin);

describe('accounts in the built Worker', () => {
  it('generates the two-factor QR PNG under workerd (CompressionStream, Web Crypto) and switches two-factor on', async () => {
    const s = session();
    await s.login('gebruiker@demo.impulz.nl', DEMO_PASSWORD);
    const res = await s.post('/portal/api/v2/2fa/request', { password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { qr_code: string; recovery_codes: string[]; secret: string } };
    const png = Buffer.from(data.qr_code, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const width = png.readUInt32BE(16);
    const raw = inflateSync(png.subarray(41, 41 + png.readUInt32BE(33)));
    expect(raw.length).toBe(width * (width + 1));
    expect(data.recovery_codes).toHaveLength(8);

    expect((await s.post('/portal/api/v2/2fa/enable', { code: totpAt(data.secret, new Date()) })).status).toBe(200);
    expect((await s.post('/portal/api/v2/2fa/confirm')).status).toBe(200);
    const next = session();
    expect(await (await next.login('gebruiker@demo.impulz.nl', DEMO_PASSWORD)).json()).toEqual({ data: { two_factor: true } });
    expect((await next.post('/portal/auth/two-factor-challenge', { recovery_code: data.recovery_codes[3] })).status).toBe(204);
    expect((await next.post('/portal/api/v2/2fa/disable', { password: DEMO_PASSWORD })).status).toBe(200);
  });

  it('shows the dev mailbox in development and refuses unknown reset links', async () => {
    const s = session();
    await s.csrf();
    await s.post('/portal/auth/password/email', { email: 'beheerder@demo.impulz.nl' });
    const mailbox = await s.get('/portal/dev/mailbox');
    expect(mailbox.status).toBe(200);
    const html = await mailbox.text();
    expect(html).toMatch(/<a href="http:\/\/[^"]+\/portal\/password\/reset\/[a-z2-7]{32}"/);
    const invalid = await s.post('/portal/auth/password/reset', { token: 'nep', password: 'Nieuw-Wachtwoord-2026', password_confirmation: 'Nieuw-Wachtwoord-2026' });
    expect(invalid.status).toBe(422);
  });
});
