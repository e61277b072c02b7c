import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiTokens, users } from '../../src/server/db/schema';
import { loadSurveyColumns } from '../../src/server/services/surveys/responses/survey-columns';
import { loginAs } from '../helpers/accounts';
import { demoSurveyId } from '../helpers/demo-survey';
import { API, jsonApi, sessionFor } from '../helpers/manage';
import { csvHeader, csvLine, generateResponse, prng } from '../helpers/response-generator';
import { createSurveyTestApp } from '../helpers/survey-test-app';

const t = createSurveyTestApp();
afterAll(() => t.close());

type Token = { id: number; name: string; scopes: string[]; status: string; last_used_at: string | null; token?: string };

let admin: ReturnType<typeof jsonApi>;
let beheerder: ReturnType<typeof jsonApi>;
// Everything any response said and anything logged, to prove a token is never repeated.
const seen: string[] = [];
const logged: string[] = [];

beforeAll(async () => {
  admin = jsonApi(await sessionFor(t.db, t.session(), 'admin@demo.impulz.nl'));
  beheerder = jsonApi(await loginAs(t.session(), 'beheerder@demo.impulz.nl'));
});
beforeEach(() => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
});
afterEach(() => vi.restoreAllMocks());

/** A call with only a Bearer token: a fresh session without cookies, so no CSRF header either. */
async function bearer(token: string, method: string, path: string, body?: FormData | object) {
  const s = t.session();
  const init = body instanceof FormData ? { body } : body === undefined ? {} : { json: body };
  const res = await s.fetch(`${API}${path}`, { method, headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, ...init });
  expect(s.cookies.size).toBe(0);
  const text = await res.text();
  seen.push(text, JSON.stringify([...res.headers]));
  return { status: res.status, text, json: (text ? JSON.parse(text) : {}) as { data: Record<string, unknown>; message?: string } };
}

async function create(scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await admin.post<{ data: Token }>('/user/4/token', { name: 'Script', scopes, ...extra });
  expect(res.status).toBe(201);
  return res.body.data;
}

describe('personal access tokens', () => {
  it('are shown once and listed without their secret; Admin and the own organisation\'s Beheerder manage them, only for Api users', async () => {
    const made = await create(['responses:upload'], { expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) });
    expect(made.token).toMatch(/^impz_[a-z2-7]{52}$/);
    const list = await admin.get<{ data: Token[] }>('/user/4/token');
    seen.push(list.text);
    expect(list.body.data.map((x) => x.name)).toEqual(['Script', 'Responsimport LimeSurvey']);
    expect(list.text).not.toContain(made.token!);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(list.text).not.toContain(row!.tokenHash);
    expect(row!.tokenHash).not.toContain(made.token!);

    expect((await beheerder.get('/user/4/token')).status).toBe(200);
    expect((await admin.post<{ errors: Record<string, string[]> }>('/user/3/token', { name: 'Niet', scopes: ['reports:read'] })).status).toBe(422);
    const bad = await admin.post<{ errors: Record<string, string[]> }>('/user/4/token', { name: 'x', scopes: ['alles'], expires_at: '2020-01-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ name: ['Voer minimaal 2 karakters in'] });
    expect((await admin.post<{ errors: Record<string, string[]> }>('/user/4/token', { name: 'Oud', scopes: ['reports:read'], expires_at: '2020-01-01' })).body.errors).toEqual({ expires_at: ['De einddatum moet in de toekomst liggen'] });
    const other = jsonApi(await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl'));
    // Another organisation's Api user: not found, like every id of another company.
    expect((await other.get('/user/4/token')).status).toBe(404);
  });

  it('upload responses with Bearer auth (no cookies, no CSRF) but cannot edit reports', async () => {
    const { token } = await create(['responses:upload']);
    const survey = await demoSurveyId(t.db);
    const columns = (await loadSurveyColumns(t.db, survey)).columns;
    const rnd = prng(5);
    const rows = Array.from({ length: 3 }, (_, i) => generateResponse(900_001 + i, columns, rnd));
    const form = new FormData();
    form.set('file', new File([csvHeader(columns, 2) + rows.map((r) => csvLine(r, columns)).join('')], 'script.csv'));
    const upload = await bearer(token!, 'POST', `/survey/${survey}/response`, form);
    expect(upload.status).toBe(202);
    const job = await bearer(token!, 'GET', `/job/${upload.json.data.id}`);
    expect(job.json.data).toMatchObject({ status: 'done' });

    expect((await bearer(token!, 'PUT', '/report/1', { title: 'Overschreven' })).status).toBe(403);
    expect((await bearer(token!, 'GET', '/report')).status).toBe(403);
    expect((await bearer(token!, 'POST', '/user', { fullname: 'Via token', email: 'via@token.nl' })).status).toBe(403);
    const read = await create(['reports:read']);
    expect((await bearer(read.token!, 'GET', '/report')).status).toBe(200);
    expect((await bearer(read.token!, 'PUT', '/report/1', { title: 'Overschreven' })).status).toBe(403);
    // The same row-level rules: another company's survey is a 404.
    expect((await bearer(token!, 'POST', '/survey/999999/response', new FormData())).status).toBe(404);
    // Last used is recorded.
    expect((await admin.get<{ data: Token[] }>('/user/4/token')).body.data.find((x) => x.name === 'Script' && x.last_used_at)).toBeTruthy();
  });

  it('answer 401 once revoked or expired, for an unknown token, and when the owner is deleted', async () => {
    const made = await create(['reports:read']);
    const token = made.token!;
    expect((await bearer(token, 'GET', '/bootstrap')).status).toBe(200);
    const revoked = await admin.del<{ data: Token }>(`/user/4/token/${made.id}`);
    expect(revoked.body.data.status).toBe('revoked');
    const refused = await bearer(token, 'GET', '/bootstrap');
    expect(refused.status).toBe(401);
    expect(refused.json.message).toBe('Het toegangstoken is ongeldig, verlopen of ingetrokken.');
    expect((await admin.del(`/user/4/token/${made.id}`)).status).toBe(404);

    const expiring = await create(['reports:read']);
    await t.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, expiring.id));
    expect((await bearer(expiring.token!, 'GET', '/bootstrap')).status).toBe(401);
    expect((await admin.get<{ data: Token[] }>('/user/4/token')).body.data.find((x) => x.id === expiring.id)!.status).toBe('expired');

    expect((await bearer('impz_onzin', 'GET', '/bootstrap')).status).toBe(401);
    // A valid session cookie doesn't rescue a bad token.
    const withCookie = t.session();
    await loginAs(withCookie, 'beheerder@demo.impulz.nl');
    expect((await withCookie.fetch(`${API}/bootstrap`, { headers: { authorization: 'Bearer impz_onzin' } })).status).toBe(401);

    const live = await create(['reports:read']);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, 4));
    expect((await bearer(live.token!, 'GET', '/bootstrap')).status).toBe(401);
    await t.db.update(users).set({ deletedAt: null }).where(eq(users.id, 4));
    expect((await bearer(live.token!, 'GET', '/bootstrap')).status).toBe(200);
  });

  it('never appear in a response or a log after creation', async () => {
    const made = await create(['reports:read', 'responses:upload']);
    const token = made.token!;
    await bearer(token, 'GET', '/bootstrap');
    await bearer(token, 'GET', '/user/4');
    await bearer(token, 'PUT', '/report/1', { title: 'x' });
    await bearer(token, 'GET', '/does-not-exist');
    await admin.del(`/user/4/token/${made.id}`);
    await bearer(token, 'GET', '/bootstrap');
    const list = await admin.get('/user/4/token');
    seen.push(list.text, (await admin.get('/user/4')).text, (await admin.get('/user?kind=api')).text);
    expect(seen.join('\n')).not.toContain(token);
    expect(seen.join('\n')).not.toContain(token.slice(5, 25));
    expect(logged.join('\n')).not.toContain(token.slice(5, 25));
  });

  it('probe finding 9: a token has exactly the ticked scopes, for every combination; a Beheerder issues and revokes for its own Api user, audited', async () => {
    const survey = await demoSurveyId(t.db);
    const combos: string[][] = [['reports:read'], ['responses:upload'], ['reports:read', 'responses:upload'], ['responses:upload', 'reports:read']];
    for (const scopes of combos) {
      const res = await beheerder.post<{ data: Token }>('/user/4/token', { name: `Combi ${scopes.join('+')}`, scopes });
      expect(res.status, scopes.join()).toBe(201);
      expect([...res.body.data.scopes].sort()).toEqual([...scopes].sort());
      const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, res.body.data.id));
      expect([...(row!.scopes as string[])].sort()).toEqual([...scopes].sort());
      const token = res.body.data.token!;
      const reads = (await bearer(token, 'GET', '/report')).status;
      const uploads = (await bearer(token, 'POST', `/survey/${survey}/response`, new FormData())).status;
      expect(reads === 200, `${scopes} read`).toBe(scopes.includes('reports:read'));
      // Without the upload scope the route's role check refuses (403) before the (empty) body is read (422).
      expect(uploads, `${scopes} upload`).toBe(scopes.includes('responses:upload') ? 422 : 403);
      const revoked = await beheerder.del<{ data: Token }>(`/user/4/token/${res.body.data.id}`);
      expect(revoked.body.data.status).toBe('revoked');
    }
    expect((await beheerder.post<{ errors: Record<string, string[]> }>('/user/4/token', { name: 'Leeg', scopes: [] })).status).toBe(422);
    const { auditLog } = await import('../../src/server/db/schema');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.userId, 2));
    expect(audit.filter((a) => a.action === 'token.create').length).toBeGreaterThanOrEqual(combos.length);
    expect(audit.filter((a) => a.action === 'token.revoke').length).toBeGreaterThanOrEqual(combos.length);
    // Never above the issuer's own rights: a Beheerder without survey.upload cannot hand out the upload scope.
    const { userRoles, roles } = await import('../../src/server/db/schema');
    const [upload] = await t.db.select().from(roles).where(eq(roles.name, 'survey.upload'));
    const { and } = await import('drizzle-orm');
    await t.db.delete(userRoles).where(and(eq(userRoles.userId, 2), eq(userRoles.roleId, upload!.id)));
    const limited = jsonApi(await loginAs(t.session(), 'beheerder@demo.impulz.nl'));
    const above = await limited.post<{ message: string }>('/user/4/token', { name: 'Te veel', scopes: ['responses:upload'] });
    expect(above.status).toBe(403);
    expect(above.body.message).toBe('U kunt geen token uitgeven met rechten die u zelf niet heeft.');
  });
});
