import { afterAll, describe, expect, it } from 'vitest';
import { listDevMailbox } from '../../src/server/services/auth/list-dev-mailbox';
import { loginAs } from '../helpers/accounts';
import { serviceContextFor } from '../helpers/service-context';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

const PUBLIC_POSTS = [
  '/portal/auth/password/email',
  '/portal/auth/password/reset',
  '/portal/auth/invite/register',
  '/portal/auth/panel',
  '/portal/auth/panel/register',
];
const USER_POSTS = ['/portal/auth/password/change', '/portal/auth/panel/join', '/portal/api/v2/2fa/request', '/portal/api/v2/2fa/enable', '/portal/api/v2/2fa/disable', '/portal/api/v2/invite'];

describe('bad input on the account endpoints', () => {
  it('answers malformed JSON 400, wrong shapes 422 with Dutch messages, oversized bodies 413; never 500', async () => {
    const s = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
    for (const path of [...PUBLIC_POSTS, ...USER_POSTS]) {
      const send = (body: string) => s.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect((await send('{"token": ')).status, path).toBe(400);
      for (const body of ['[]', 'null', '"x"', '42', '{"token": 5, "email": [], "password": {}, "code": 123456}']) {
        const res = await send(body);
        expect(res.status, `${path} ${body}`).toBe(422);
        const json = (await res.json()) as { message: string; errors: Record<string, string[]> };
        expect(json.message).toBe('Niet alle velden zijn correct ingevuld.');
      }
      const huge = await send(JSON.stringify({ token: 'x'.repeat(1_100_000) }));
      expect(huge.status, path).toBe(path.startsWith('/portal/auth') ? 413 : huge.status);
      expect(huge.status, path).toBeLessThan(500);
    }
  });

  it('rejects over-long and odd values per field', async () => {
    const s = t.session();
    await s.csrf();
    const res = await s.post('/portal/auth/panel/register', { token: 't', fullname: 'x', email: `${'a'.repeat(190)}@x.nl`, password: 'a', password_confirmation: 'b' });
    const { errors } = (await res.json()) as { errors: Record<string, string[]> };
    expect(errors.fullname).toEqual(['Voer minimaal 2 karakters in']);
    expect(errors.email).toEqual(['De maximale lengte voor dit veld is 191 karakters']);
    expect(errors.password).toHaveLength(4);
  });
});

describe('dev mailbox', () => {
  it('exists outside production only', async () => {
    const ctx = await serviceContextFor(t.db, 3);
    expect(await listDevMailbox(ctx)).not.toBeNull();
    expect(await listDevMailbox({ ...ctx, config: { ...ctx.config, appEnv: 'production' } })).toBeNull();
  });
});
