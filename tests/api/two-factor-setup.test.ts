import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { totpAt } from '../../src/server/auth/totp';
import { twoFactorSetups, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
import { loginAs, userByEmail } from '../helpers/accounts';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

interface Setup {
  data: { qr_code: string; recovery_codes: string[]; secret: string; expires_at: string };
}

const at = (offsetSteps: number) => new Date(Date.now() + offsetSteps * 30_000);

describe('two-factor setup (spec 001 §4)', { timeout: 20_000 }, () => {
  it('needs the password, then gives a PNG QR code and 8 recovery codes, and switches on with a code', async () => {
    const s = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
    const wrong = await s.post('/portal/api/v2/2fa/request', { password: 'niet-mijn-wachtwoord' });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()) as object).toMatchObject({ errors: { password: ['Het wachtwoord is onjuist.'] } });

    const res = await s.post('/portal/api/v2/2fa/request', { password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as Setup;
    expect(Buffer.from(data.qr_code, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(data.recovery_codes).toHaveLength(8);
    expect(new Set(data.recovery_codes).size).toBe(8);
    const expiresIn = new Date(data.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(290_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);

    // The secret is not stored in plain text.
    const [pending] = await t.db.select().from(twoFactorSetups);
    expect(pending!.secret).not.toContain(data.secret);

    const csv = await s.get('/portal/api/v2/2fa/backup_codes.csv');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain('backup_codes.csv');
    expect((await csv.text()).trim().split(/\r?\n/)).toEqual(data.recovery_codes);

    expect((await s.post('/portal/api/v2/2fa/confirm')).status).toBe(422);
    expect((await s.post('/portal/api/v2/2fa/enable', { code: '12345' })).status).toBe(422);
    const bad = totpAt(data.secret, at(0)) === '000000' ? '111111' : '000000';
    expect((await s.post('/portal/api/v2/2fa/enable', { code: bad })).status).toBe(422);
    expect((await s.post('/portal/api/v2/2fa/enable', { code: totpAt(data.secret, at(0)) })).status).toBe(200);
    const confirmed = await s.post('/portal/api/v2/2fa/confirm');
    expect(confirmed.status).toBe(200);

    const user = await userByEmail(t.db, 'beheerder@demo.impulz.nl');
    expect(user!.twoFactorConfirmedAt).not.toBeNull();
    expect(user!.twoFactorSecret).not.toContain(data.secret);
    expect(JSON.parse(user!.twoFactorRecoveryCodes!)).toHaveLength(8);
    // Setup is over: the codes can no longer be downloaded.
    expect((await s.get('/portal/api/v2/2fa/backup_codes.csv')).status).toBe(422);
    const boot = (await (await s.get('/portal/api/v2/bootstrap')).json()) as { data: { user: { data: { twoFactorConfirmed: boolean } } } };
    expect(boot.data.user.data.twoFactorConfirmed).toBe(true);

    // The next login asks for the second factor; a recovery code works exactly once.
    const next = t.session();
    expect(await (await next.login('beheerder@demo.impulz.nl', DEMO_PASSWORD)).json()).toEqual({ data: { two_factor: true } });
    const code = data.recovery_codes[0]!;
    expect((await next.post('/portal/auth/two-factor-challenge', { recovery_code: code.toUpperCase() })).status).toBe(204);
    const reuse = t.session();
    await reuse.login('beheerder@demo.impulz.nl', DEMO_PASSWORD);
    expect((await reuse.post('/portal/auth/two-factor-challenge', { recovery_code: code })).status).toBe(422);
    expect((await reuse.post('/portal/auth/two-factor-challenge', { code: totpAt(data.secret, at(1)) })).status).toBe(204);

    // Disable needs the password and ends two-factor.
    expect((await reuse.post('/portal/api/v2/2fa/disable', { password: 'fout' })).status).toBe(422);
    expect((await reuse.post('/portal/api/v2/2fa/disable', { password: DEMO_PASSWORD })).status).toBe(200);
    expect(await (await t.session().login('beheerder@demo.impulz.nl', DEMO_PASSWORD)).json()).toEqual({ data: { two_factor: false } });
  });

  it('expires after 300 seconds and can be cancelled', async () => {
    const s = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
    const { data } = (await (await s.post('/portal/api/v2/2fa/request', { password: DEMO_PASSWORD })).json()) as Setup;
    const user = await userByEmail(t.db, 'gebruiker@demo.impulz.nl');
    await t.db.update(twoFactorSetups).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(twoFactorSetups.userId, user!.id));
    expect((await s.post('/portal/api/v2/2fa/enable', { code: totpAt(data.secret, at(0)) })).status).toBe(422);

    await s.post('/portal/api/v2/2fa/request', { password: DEMO_PASSWORD });
    expect((await s.post('/portal/api/v2/2fa/cancel')).status).toBe(204);
    expect(await t.db.select().from(twoFactorSetups).where(eq(twoFactorSetups.userId, user!.id))).toEqual([]);
  });

  it('holds an administrator without two-factor: only bootstrap and the 2fa calls work until it is on', async () => {
    const s = await loginAs(t.session(), 'nieuwe-admin@demo.impulz.nl');
    const boot = (await (await s.get('/portal/api/v2/bootstrap')).json()) as { data: { user: { data: { must_enable_2fa: boolean } } } };
    expect(boot.data.user.data.must_enable_2fa).toBe(true);
    const held = await s.get('/portal/api/v2/invite');
    expect(held.status).toBe(403);
    expect(((await held.json()) as { message: string }).message).toBe('U moet eerst tweestapsverificatie instellen.');
    expect((await s.post('/portal/api/v2/2fa/disable', { password: DEMO_PASSWORD })).status).toBe(403);

    const { data } = (await (await s.post('/portal/api/v2/2fa/request', { password: DEMO_PASSWORD })).json()) as Setup;
    const code = totpAt(data.secret, at(0));
    expect((await s.post('/portal/api/v2/2fa/enable', { code })).status).toBe(200);
    expect((await s.post('/portal/api/v2/2fa/confirm')).status).toBe(200);
    expect((await s.get('/portal/api/v2/invite')).status).toBe(200);

    // The code that confirmed the setup can't be replayed for a login.
    const replay = t.session();
    await replay.login('nieuwe-admin@demo.impulz.nl', DEMO_PASSWORD);
    expect((await replay.post('/portal/auth/two-factor-challenge', { code })).status).toBe(422);
  });

  it('holds a user whose password expired until it is changed', async () => {
    const s = await loginAs(t.session(), 'verlopen@demo.impulz.nl');
    expect((await s.get('/portal/api/v2/bootstrap')).status).toBe(200);
    expect((await s.post('/portal/api/v2/2fa/request', { password: DEMO_PASSWORD })).status).toBe(403);
    const changed = await s.post('/portal/auth/password/change', {
      current_password: DEMO_PASSWORD,
      password: 'Nieuw-Wachtwoord-2026',
      password_confirmation: 'Nieuw-Wachtwoord-2026',
    });
    expect(changed.status).toBe(200);
    expect((await s.post('/portal/api/v2/2fa/cancel')).status).toBe(204);
    const [row] = await t.db.select({ must: users.mustChangePassword }).from(users).where(eq(users.email, 'verlopen@demo.impulz.nl'));
    expect(row!.must).toBe(false);
  });
});
