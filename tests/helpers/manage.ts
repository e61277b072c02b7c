import { createSession } from '../../src/server/auth/sessions';
import type { Db } from '../../src/server/db/client';
import { SESSION_COOKIE } from '../../src/server/auth/cookies';
import type { HttpSession } from './http-session';
import { userByEmail } from './accounts';

export const API = '/portal/api/v2';

/**
 * A signed-in session made straight in the database (no login form): for accounts with two-factor,
 * whose TOTP code can't be replayed within its window when a file logs them in more than once.
 */
export async function sessionFor(db: Db, s: HttpSession, email: string): Promise<HttpSession> {
  const user = await userByEmail(db, email);
  if (!user) throw new Error(`no user ${email}`);
  const { token } = await createSession(db, user.id, { ip: null, userAgent: null });
  s.cookies.set(SESSION_COOKIE, token);
  await s.csrf();
  return s;
}

/** JSON helpers on a session: status and parsed body together. */
export function jsonApi(s: HttpSession) {
  const call = async <T = { data: unknown; message?: string; errors?: Record<string, string[]> }>(method: string, path: string, json?: unknown) => {
    const res = method === 'GET' ? await s.get(`${API}${path}`) : await s.fetch(`${API}${path}`, { method, ...(json === undefined ? {} : { json }) });
    const text = await res.text();
    const parse = res.headers.get('content-type')?.includes('json') && text;
    return { status: res.status, body: (parse ? JSON.parse(text) : {}) as T, text };
  };
  return {
    get: <T = { data: unknown }>(path: string) => call<T>('GET', path),
    post: <T = { data: unknown }>(path: string, json?: unknown) => call<T>('POST', path, json ?? {}),
    put: <T = { data: unknown }>(path: string, json?: unknown) => call<T>('PUT', path, json),
    del: <T = { data: unknown }>(path: string) => call<T>('DELETE', path),
  };
}
