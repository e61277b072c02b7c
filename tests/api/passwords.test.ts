import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, passwordResets, sessions } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
import { lastMailTo, loginAs, userByEmail } from '../helpers/accounts';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

const NEW = 'Nieuw-Wachtwoord-2026';

describe('POST password/email', () => {
  it('answers the same for a known and an unknown address; only the known one gets a link', async () => {
    const s = t.session();
    await s.csrf();
    const known = await s.post('/portal/auth/password/email', { email: 'api@demo.impulz.nl' });
    const unknown = await s.post('/portal/auth/password/email', { email: 'niemand@demo.impulz.nl' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const { link } = await lastMailTo(t.db, 'api@demo.impulz.nl');
    expect(link).toMatch(/^http:\/\/localhost\/portal\/password\/reset\/[a-z2-7]{32}$/);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'niemand@demo.impulz.nl'))).toEqual([]);
    // Only the hash of the token is stored.
    const { token } = await lastMailTo(t.db, 'api@demo.impulz.nl');
    const rows = await t.db.select({ id: passwordResets.id }).from(passwordResets);
    expect(rows.some((r) => r.id === token)).toBe(false);
  });
});

describe('POST password/reset', () => {
  it('sets the password once, ends every session and rejects the token a second time', async () => {
    const old = await loginAs(t.session(), 'api@demo.impulz.nl');
    const s = t.session();
    await s.csrf();
    await s.post('/portal/auth/password/email', { email: 'api@demo.impulz.nl' });
    const { token } = await lastMailTo(t.db, 'api@demo.impulz.nl');

    const weak = await s.post('/portal/auth/password/reset', { token, password: 'zwak', password_confirmation: 'zwak' });
    expect(weak.status).toBe(422);
    const body = (await weak.json()) as { errors: Record<string, string[]> };
    expect(body.errors.password).toContain('Het wachtwoord moet minimaal 12 karakters bevatten');
    expect(body.errors.password).toContain('Het wachtwoord moet minimaal één hoofdletter bevatten');
    const mismatch = await s.post('/portal/auth/password/reset', { token, password: NEW, password_confirmation: `${NEW}x` });
    expect(((await mismatch.json()) as { errors: Record<string, string[]> }).errors.password_confirmation).toEqual(['De wachtwoorden komen niet overeen']);

    const ok = await s.post('/portal/auth/password/reset', { token, password: NEW, password_confirmation: NEW });
    expect(ok.status).toBe(200);
    expect((await old.get('/portal/api/v2/bootstrap')).status).toBe(401);
    const reuse = await s.post('/portal/auth/password/reset', { token, password: 'Nog-Een-Ander-2026', password_confirmation: 'Nog-Een-Ander-2026' });
    expect(reuse.status).toBe(422);
    expect(((await reuse.json()) as { errors: Record<string, string[]> }).errors.token).toBeDefined();

    expect((await t.session().login('api@demo.impulz.nl', NEW)).status).toBe(200);
    expect((await t.session().login('api@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(422);
  });

  it('rejects a token older than 60 minutes and an invented one', async () => {
    const s = t.session();
    await s.csrf();
    await s.post('/portal/auth/password/email', { email: 'gebruiker@demo.impulz.nl' });
    const { token } = await lastMailTo(t.db, 'gebruiker@demo.impulz.nl');
    await t.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1) });
    expect((await s.post('/portal/auth/password/reset', { token, password: NEW, password_confirmation: NEW })).status).toBe(422);
    expect((await s.post('/portal/auth/password/reset', { token: 'verzonnen', password: NEW, password_confirmation: NEW })).status).toBe(422);
  });
});

describe('POST password/change', () => {
  it('needs the current password, ends the other sessions and renews this one', async () => {
    const other = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
    const s = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
    const before = s.cookies.get('impulz_session');
    const wrong = await s.post('/portal/auth/password/change', { current_password: 'fout', password: NEW, password_confirmation: NEW });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors.current_password).toEqual(['Het huidige wachtwoord is onjuist.']);
    const same = await s.post('/portal/auth/password/change', { current_password: DEMO_PASSWORD, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD });
    expect(same.status).toBe(422);

    const ok = await s.post('/portal/auth/password/change', { current_password: DEMO_PASSWORD, password: NEW, password_confirmation: NEW });
    expect(ok.status).toBe(200);
    expect(s.cookies.get('impulz_session')).not.toBe(before);
    expect((await s.get('/portal/api/v2/bootstrap')).status).toBe(200);
    expect((await other.get('/portal/api/v2/bootstrap')).status).toBe(401);
    const user = await userByEmail(t.db, 'beheerder@demo.impulz.nl');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(1);
    expect(user!.passwordChangedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('needs a login', async () => {
    const s = t.session();
    await s.csrf();
    expect((await s.post('/portal/auth/password/change', { current_password: 'x', password: NEW, password_confirmation: NEW })).status).toBe(401);
  });
});
