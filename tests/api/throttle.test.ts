import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

const from = (ip: string) => ({ headers: { 'cf-connecting-ip': ip } });

async function loginFrom(ip: string, email: string, password: string) {
  const s = t.session();
  await s.csrf();
  return s.post('/portal/auth/login', { email, password }, from(ip));
}

describe('throttling', { timeout: 30_000 }, () => {
  it('blocks an account after 5 failed logins, even with the right password, with a Dutch 429', async () => {
    for (let i = 0; i < 5; i++) expect((await loginFrom(`10.0.0.${i}`, 'gebruiker@demo.impulz.nl', 'Fout-wachtwoord-1!')).status).toBe(422);
    const blocked = await loginFrom('10.0.1.1', 'gebruiker@demo.impulz.nl', DEMO_PASSWORD);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(((await blocked.json()) as { message: string }).message).toBe('Te veel pogingen. Probeer het over 15 minuten opnieuw.');
    // Other accounts are not affected.
    expect((await loginFrom('10.0.1.1', 'api@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(200);
  });

  it('blocks an IP after 30 failures across accounts, but not other IPs', async () => {
    for (let i = 0; i < 30; i++) await loginFrom('192.0.2.7', `gok${i}@demo.impulz.nl`, 'Fout-wachtwoord-1!');
    expect((await loginFrom('192.0.2.7', 'beheerder@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(429);
    expect((await loginFrom('192.0.2.8', 'beheerder@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(200);
  });

  it('limits password e-mails per address without revealing whether it exists', async () => {
    const s = t.session();
    await s.csrf();
    for (const email of ['api@demo.impulz.nl', 'onbekend@demo.impulz.nl']) {
      for (let i = 0; i < 3; i++) expect((await s.post('/portal/auth/password/email', { email }, from(`198.51.100.${i}`))).status).toBe(200);
      expect((await s.post('/portal/auth/password/email', { email }, from('198.51.100.9'))).status).toBe(429);
    }
  });

  it('limits the two-factor challenge per account', async () => {
    const codes = Array.from({ length: 11 }, (_, i) => String(100000 + i));
    let last = 0;
    for (const code of codes) {
      const s = t.session();
      await s.login('admin@demo.impulz.nl', DEMO_PASSWORD);
      last = (await s.post('/portal/auth/two-factor-challenge', { code }, from(`203.0.113.${code.slice(-2)}`))).status;
    }
    expect(last).toBe(429);
  });

  it('limits panel token guesses per IP', async () => {
    const s = t.session();
    await s.csrf();
    for (let i = 0; i < 30; i++) expect((await s.post('/portal/auth/panel', { token: `gok-${i}` }, from('198.18.0.1'))).status).toBe(422);
    expect((await s.post('/portal/auth/panel', { token: 'demo-burgerpanel-zuiderhaven' }, from('198.18.0.1'))).status).toBe(429);
    expect((await s.post('/portal/auth/panel', { token: 'demo-burgerpanel-zuiderhaven' }, from('198.18.0.2'))).status).toBe(200);
  });
});
