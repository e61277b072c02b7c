import { nl } from './i18n/nl';

/** Browser client for the portal API (spec 000 §7–8). */
export const BASE = '/portal';
const TIMEOUT_MS = 25_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** GET /auth/csrf-cookie when the XSRF cookie is missing, so the next mutating call carries it. */
export async function ensureCsrfCookie(): Promise<void> {
  if (!readCookie('XSRF-TOKEN')) await request('GET', '/auth/csrf-cookie');
}

export async function request<T = unknown>(method: string, path: string, body?: unknown, timeoutMs = TIMEOUT_MS): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    throw new ApiError(0, timedOut ? nl.errors.timeout : nl.errors.generic);
  }
  if (response.status === 204) return undefined as T;
  const payload = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
  if (!response.ok) throw new ApiError(response.status, payload.message ?? nl.errors.generic, payload.errors ?? {});
  return payload as T;
}

/** The login flag in localStorage (1/0) that other tabs watch (spec 000 §4). */
export function setLoginFlag(loggedIn: boolean): void {
  try {
    localStorage.setItem('loggedIn', loggedIn ? '1' : '0');
  } catch {
    // Private mode without storage: the flag is a convenience, the session cookie is the truth.
  }
}
