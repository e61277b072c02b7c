import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions';
import { loginAs, userByEmail } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createTestApp } from '../helpers/test-app';

/**
 * Table-driven bad input over every registered API route (the Hono routes list, so a new route
 * is covered without listing it): wrong JSON types, junk objects with huge strings, malformed
 * JSON, stray multipart, bad path ids and bad query strings — as the root admin, who passes
 * every role check, so the input itself is what the route has to cope with. Every answer is below
 * 500, and every refusal carries a Dutch message (zod's English defaults never reach the user).
 */
const t = createTestApp();
afterAll(() => t.close());
const ADMIN = 'admin@demo.impulz.nl';
let s: HttpSession;

const routes = (() => {
  const seen = new Set<string>();
  const list: { method: string; path: string }[] = [];
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || !/^\/portal\/(api\/v2|auth)\//.test(r.path)) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ method: r.method, path: r.path });
  }
  return list;
})();
const writes = routes.filter((r) => r.method !== 'GET');

// Path parameters that are not row ids keep a sensible value; ids are filled in or spoiled.
const FIXED: Record<string, string> = { version: '1', lang: 'nl', resource: 'report', field: 'completed', g: '3' };
const fill = (path: string, id: (name: string) => string) =>
  path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => FIXED[name] ?? id(name));
const validIds = (path: string) => fill(path, (name) => (/^(uid|userId)$/.test(name) ? '3' : '1'));

const HUGE = 'x'.repeat(20_000);
const FIELDS = ['id', 'ids', 'title', 'name', 'email', 'fullname', 'password', 'code', 'token', 'order', 'user_ids', 'project_id', 'survey_id', 'report_id', 'section_id', 'chart_id', 'panel_id', 'company_id', 'question', 'comment', 'rating', 'type', 'value', 'label', 'data', 'benchmarks', 'min_n', 'languages', 'start_date', 'end_date', 'description', 'content', 'query_string', 'count', 'options', 'role', 'theme'];
const junk = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));
const BODIES: [string, unknown][] = [
  ['array', [1, 'a', null]],
  ['string', 'x'],
  ['null', null],
  ['number', 42],
  ['huge strings', junk(HUGE)],
  ['negative numbers', junk(-1)],
  ['huge numbers', junk(1e308)],
  ['nested objects', junk({ a: [{ b: HUGE.slice(0, 500) }], __proto__: { admin: true } })],
  ['booleans', junk(true)],
  ['arrays of junk', junk([null, -1, 'x', {}, []])],
];
const BAD_IDS = ['abc', '-1', '0', '1.5', '99999999999999999999', encodeURIComponent("1' or '1'='1"), 'x'.repeat(3000), '%00'];
const BAD_QUERY = `?page=-1&per_page=abc&limit=99999999999&offset=-5&include=${encodeURIComponent('users.password_hash')}&type=%00&agb_code=${'9'.repeat(400)}&q=${HUGE.slice(0, 4000)}&all=maybe&sort=${encodeURIComponent('id;drop table users')}`;

// English texts zod (or a library) would produce when a schema has no Dutch message.
const ENGLISH = /\b(invalid|expected|received|required|unrecognized|must be|too (big|small)|string|number|undefined|boolean|object|array)\b/i;

async function ensureSession() {
  // Calls like logout or 2fa/disable end or change the session: start a fresh one straight in the database.
  if (s.cookies.has('impulz_session')) return;
  const user = await userByEmail(t.db, ADMIN);
  const { token } = await createSession(t.db, user!.id, { ip: null, userAgent: null });
  s.cookies.set('impulz_session', token);
  await s.csrf();
}

interface Answer {
  where: string;
  status: number;
  text: string;
}

function problemsOf(a: Answer): string[] {
  const problems: string[] = [];
  if (a.status >= 500) problems.push(`${a.where} → ${a.status} ${a.text.slice(0, 200)}`);
  if (a.status < 400 || a.status >= 500) return problems;
  let body: { message?: unknown; errors?: Record<string, unknown> };
  try {
    body = JSON.parse(a.text) as typeof body;
  } catch {
    return [...problems, `${a.where} → ${a.status} without a JSON error body: ${a.text.slice(0, 120)}`];
  }
  const texts = [body.message, ...Object.values(body.errors ?? {}).flat()];
  if (typeof body.message !== 'string' || !body.message) problems.push(`${a.where} → ${a.status} without a message`);
  for (const text of texts) if (typeof text === 'string' && ENGLISH.test(text)) problems.push(`${a.where} → ${a.status} English text: ${text}`);
  return problems;
}

async function send(method: string, path: string, init: RequestInit & { json?: unknown } = {}): Promise<Answer> {
  await ensureSession();
  const res = await s.fetch(path, { ...init, method });
  return { where: `${method} ${path.slice(0, 120)}`, status: res.status, text: await res.text() };
}

beforeAll(async () => {
  s = await loginAs(t.session(), ADMIN);
}, 30_000);

describe('bad input on every route', { timeout: 120_000 }, () => {
  it('finds the routes', () => {
    expect(writes.length).toBeGreaterThan(100);
  });

  it('answers wrong JSON types and junk bodies with a Dutch 4xx (never 500)', async () => {
    const problems: string[] = [];
    // Deleting with a valid id would succeed whatever the body: bodies only go to the other methods.
    for (const route of writes.filter((r) => r.method !== 'DELETE')) {
      for (const [name, json] of BODIES) {
        const a = await send(route.method, validIds(route.path), { json });
        problems.push(...problemsOf({ ...a, where: `${a.where} [${name}]` }));
      }
      const malformed = await send(route.method, validIds(route.path), { body: '{"title": "x",', headers: { 'content-type': 'application/json' } });
      problems.push(...problemsOf({ ...malformed, where: `${malformed.where} [malformed JSON]` }));
    }
    expect(problems).toEqual([]);
  });

  it('answers a multipart body with junk fields where JSON is expected (and vice versa) below 500', async () => {
    const problems: string[] = [];
    for (const route of writes.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
      const form = new FormData();
      form.set('title', 'x');
      form.set('file', new Blob(['not what you expect']), 'junk.bin');
      const a = await send(route.method, validIds(route.path), { body: form });
      problems.push(...problemsOf({ ...a, where: `${a.where} [multipart]` }));
    }
    expect(problems).toEqual([]);
  });

  it('answers bad ids in the path with a Dutch 4xx on every route', async () => {
    const problems: string[] = [];
    const withIds = routes.filter((r) => [...r.path.matchAll(/:(\w+)/g)].some(([, name]) => !(name! in FIXED)));
    expect(withIds.length).toBeGreaterThan(100);
    for (const route of withIds) {
      for (const bad of BAD_IDS) {
        const path = fill(route.path, () => bad);
        const a = await send(route.method, path, route.method === 'GET' ? {} : { json: {} });
        problems.push(...problemsOf(a));
        if (a.status !== 404) problems.push(`${a.where} → ${a.status} for a bad id (expected 404)`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers junk query strings on every read below 500', async () => {
    const problems: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const a = await send('GET', `${validIds(route.path)}${BAD_QUERY}`);
      problems.push(...problemsOf({ ...a, where: `GET ${route.path} [junk query]` }));
    }
    expect(problems).toEqual([]);
  });
});
