import { afterAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../src/server/auth/totp';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../scripts/seed/data';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

describe('csrf-cookie', () => {
  it('sets a readable XSRF-TOKEN cookie scoped to /portal', async () => {
    const s = t.session();
    const res = await s.get('/portal/auth/csrf-cookie');
    expect(res.status).toBe(204);
    const cookie = s.lastSetCookies.find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toMatch(/Path=\/portal/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/);
  });
});

describe('login', () => {
  it('logs the Gebruiker in with a fresh HttpOnly session cookie', async () => {
    const s = t.session();
    const res = await s.login('gebruiker@demo.impulz.nl', DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { two_factor: false } });
    const cookie = s.lastSetCookies.find((c) => c.startsWith('impulz_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/portal/);

    const status = await s.get('/portal/auth/login/status');
    expect(await status.json()).toEqual({ data: true });
  });

  it('accepts the e-mail address case-insensitively', async () => {
    const res = await t.session().login('  Gebruiker@Demo.Impulz.NL ', DEMO_PASSWORD);
    expect(res.status).toBe(200);
  });

  it('answers a wrong password and an unknown address identically', async () => {
    const wrong = await t.session().login('gebruiker@demo.impulz.nl', 'Verkeerd-wachtwoord-1!');
    const unknown = await t.session().login('niemand@demo.impulz.nl', 'Verkeerd-wachtwoord-1!');
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(wrong.status);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it('rejects malformed JSON with 400 and invalid fields with Dutch 422 errors', async () => {
    const s = t.session();
    await s.csrf();
    const malformed = await s.fetch('/portal/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(malformed.status).toBe(400);
    const invalid = await s.post('/portal/auth/login', { email: 'geen-adres', password: '' });
    expect(invalid.status).toBe(422);
    const body = (await invalid.json()) as { errors: Record<string, string[]> };
    expect(body.errors.email).toContain('Voer een geldig e-mailadres in');
    expect(body.errors.password).toContain('Dit veld mag niet leeg zijn');
  });

  it('needs the CSRF header (419 without, with a wrong one, or from another origin)', async () => {
    const s = t.session();
    await s.csrf();
    const body = JSON.stringify({ email: 'gebruiker@demo.impulz.nl', password: DEMO_PASSWORD });
    const headers = { 'content-type': 'application/json' };
    const missing = await s.fetch('/portal/auth/login', { method: 'POST', body, headers: { ...headers, 'x-xsrf-token': '' } });
    expect(missing.status).toBe(419);
    const wrong = await s.fetch('/portal/auth/login', { method: 'POST', body, headers: { ...headers, 'x-xsrf-token': 'nep' } });
    expect(wrong.status).toBe(419);
    const foreign = await s.fetch('/portal/auth/login', { method: 'POST', body, headers: { ...headers, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(419);
    expect(s.cookies.has('impulz_session')).toBe(false);
  });

  it('gives a new session id at every login and ends the old one', async () => {
    const s = t.session();
    await s.login('gebruiker@demo.impulz.nl', DEMO_PASSWORD);
    const first = s.cookies.get('impulz_session');
    await s.post('/portal/auth/login', { email: 'gebruiker@demo.impulz.nl', password: DEMO_PASSWORD });
    const second = s.cookies.get('impulz_session');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    const replay = t.session();
    replay.cookies.set('impulz_session', first!);
    expect(await (await replay.get('/portal/auth/login/status')).json()).toEqual({ data: false });
  });
});

describe('two-factor login', () => {
  it('holds the admin in a pending state until a valid TOTP code, and refuses a replayed code', async () => {
    const s = t.session();
    const res = await s.login('admin@demo.impulz.nl', DEMO_PASSWORD);
    expect(await res.json()).toEqual({ data: { two_factor: true } });
    expect(s.cookies.has('impulz_session')).toBe(false);
    expect((await s.get('/portal/api/v2/bootstrap')).status).toBe(401);

    const wrong = await s.post('/portal/auth/two-factor-challenge', { code: '000000' === totpAt(DEMO_TOTP_SECRET, new Date()) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);

    const code = totpAt(DEMO_TOTP_SECRET, new Date());
    const ok = await s.post('/portal/auth/two-factor-challenge', { code });
    expect(ok.status).toBe(204);
    expect((await s.get('/portal/api/v2/bootstrap')).status).toBe(200);

    const again = t.session();
    await again.login('admin@demo.impulz.nl', DEMO_PASSWORD);
    const replay = await again.post('/portal/auth/two-factor-challenge', { code });
    expect(replay.status).toBe(422);
    expect(again.cookies.has('impulz_session')).toBe(false);
  });

  it('refuses a challenge without a pending login', async () => {
    const s = t.session();
    await s.csrf();
    const res = await s.post('/portal/auth/two-factor-challenge', { code: totpAt(DEMO_TOTP_SECRET, new Date()) });
    expect(res.status).toBe(422);
  });
});

describe('logout', () => {
  it('ends the session on the server', async () => {
    const s = t.session();
    await s.login('gebruiker@demo.impulz.nl', DEMO_PASSWORD);
    const token = s.cookies.get('impulz_session')!;
    expect((await s.post('/portal/auth/logout')).status).toBe(204);
    expect(await (await s.get('/portal/auth/login/status')).json()).toEqual({ data: false });

    const replay = t.session();
    replay.cookies.set('impulz_session', token);
    expect((await replay.get('/portal/api/v2/bootstrap')).status).toBe(401);
  });
});
