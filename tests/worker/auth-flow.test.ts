import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../scripts/seed/data';
import { totpAt } from '../../src/server/auth/totp';
import { HttpSession } from '../helpers/http-session';

const origin = inject('workerUrl');
const session = () => new HttpSession((url, init) => fetch(url, init), origin);

describe('the built Worker under workerd', () => {
  it('serves the Dutch login page with security headers', async () => {
    const res = await session().get('/portal/login');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    // Astro's hashes for its inline island scripts, no 'unsafe-inline'.
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const html = await res.text();
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain('Inloggen');
    expect(html).toContain('Wachtwoord');
  });

  it('answers unknown API and auth paths with a JSON 404, unknown pages with the 404 page (one app for both)', async () => {
    for (const path of ['/portal/api/v2/public/bestaat-niet', '/portal/api/bestaat-niet', '/portal/auth/bestaat-niet']) {
      const res = await session().get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toMatchObject({ code: 'NOT_FOUND' });
      expect(res.headers.get('x-request-id'), path).toBeTruthy();
    }
    const page = await session().get('/portal/bestaat-niet');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it('redirects an anonymous visitor from the front page to the login page', async () => {
    const res = await session().get('/portal/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\/portal\/login$/);
  });

  it('csrf → login → bootstrap → front page → logout over real HTTP', async () => {
    const s = session();
    await s.csrf();
    const login = await s.post('/portal/auth/login', { email: 'gebruiker@demo.impulz.nl', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ data: { two_factor: false } });
    expect(s.cookies.get('impulz_session')).toBeTruthy();

    const bootstrap = await s.get('/portal/api/v2/bootstrap');
    expect(bootstrap.status).toBe(200);
    const body = (await bootstrap.json()) as { data: { user: { data: { email: string; group: string } } } };
    expect(body.data.user.data).toMatchObject({ email: 'gebruiker@demo.impulz.nl', group: 'Gebruiker' });

    const front = await s.get('/portal/');
    expect(front.status).toBe(200);
    const html = await front.text();
    expect(html).toContain('Welkom, Carla Bakker');
    expect(html).toContain('Burgerpeiling Zuiderhaven 2026');
    expect(html).not.toContain('Burgerpeiling Noordbroek 2026');

    expect((await s.post('/portal/auth/logout')).status).toBe(204);
    expect((await s.get('/portal/api/v2/bootstrap')).status).toBe(401);
  });

  it('logs the demo admin in with two-factor over real HTTP', async () => {
    const s = session();
    const login = await s.login('admin@demo.impulz.nl', DEMO_PASSWORD);
    expect(await login.json()).toEqual({ data: { two_factor: true } });
    const challenge = await s.post('/portal/auth/two-factor-challenge', { code: totpAt(DEMO_TOTP_SECRET, new Date()) });
    expect(challenge.status).toBe(204);
    expect(await (await s.get('/portal/auth/login/status')).json()).toEqual({ data: true });
  });

  it('answers bad input with 4xx, never 500', async () => {
    const s = session();
    await s.csrf();
    const noCsrf = await s.fetch('/portal/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': 'fout' },
      body: '{}',
    });
    expect(noCsrf.status).toBe(419);
    const malformed = await s.fetch('/portal/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'niet-json',
    });
    expect(malformed.status).toBe(400);
    const wrong = await s.post('/portal/auth/login', { email: 'gebruiker@demo.impulz.nl', password: 'Fout-wachtwoord-123!' });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/niet bekend/);
  });
});
