import { nl } from './i18n/nl';
import { catalogueText, outcomeFor } from './api-catalogue';
import { createRequestQueue } from './request-queue';
import { addAlert } from './stores/alerts';
import { requestFinished, requestStarted } from './stores/loaders';

/**
 * Browser client for the portal API (spec 000 §7–8): every call waits its turn (5 at once),
 * times out after 25 s and sends credentials. `request` throws ApiError and shows nothing (forms
 * show their own errors); `api` also applies the catalogue: alerts, login re-check, error pages.
 */
export const BASE = '/portal';
const TIMEOUT_MS = 25_000;
const LOGIN_FLAG = 'loggedIn';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    /** Cancelled by the caller (an AbortSignal): ignored silently. */
    readonly cancelled = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const queue = createRequestQueue(5, 100);

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/**
 * The XSRF header of a call. A write without the cookie (gone while the session lives on) would be
 * refused as an expired page ('De pagina is verlopen'), so for a write the cookie is fetched first
 * when it is missing. Every write of the islands sends it: the JSON client, uploads, the PDF export.
 */
export async function xsrfHeader(write = true): Promise<Record<string, string>> {
  if (write && !readCookie('XSRF-TOKEN')) {
    await fetch(`${BASE}/auth/csrf-cookie`, { headers: { Accept: 'application/json' }, credentials: 'include' }).catch(() => undefined);
  }
  const xsrf = readCookie('XSRF-TOKEN');
  return xsrf ? { 'X-XSRF-TOKEN': xsrf } : {};
}

interface Raw {
  status: number;
  payload: Record<string, unknown>;
}

async function send(method: string, path: string, body: unknown, timeoutMs: number, signal?: AbortSignal): Promise<Raw> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(await xsrfHeader(method !== 'GET' && method !== 'HEAD')) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const timeout = AbortSignal.timeout(timeoutMs);
  requestStarted();
  try {
    const response = await fetch(`${BASE}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (response.status === 204) return { status: 204, payload: {} };
    return { status: response.status, payload: (await response.json().catch(() => ({}))) as Record<string, unknown> };
  } catch {
    if (signal?.aborted) throw new ApiError(0, 'cancelled', {}, true);
    // The client's raw timeout message is 'timeout'; the user sees the catalogue text.
    if (timeout.aborted) throw new ApiError(0, 'timeout');
    throw new ApiError(0, nl.errors.generic);
  } finally {
    requestFinished();
  }
}

function toError({ status, payload }: Raw): ApiError {
  return new ApiError(status, (payload.message as string | undefined) ?? nl.errors.generic, (payload.errors as Record<string, string[]>) ?? {});
}

/** The plain call: resolves with the JSON body, throws ApiError; no alerts, no redirects. */
export async function request<T = unknown>(method: string, path: string, body?: unknown, timeoutMs = TIMEOUT_MS): Promise<T> {
  let raw: Raw;
  try {
    raw = await queue.run(() => send(method, path, body, timeoutMs));
  } catch (err) {
    if (err instanceof ApiError && err.message === 'timeout') throw new ApiError(0, nl.errors.timeout);
    throw err;
  }
  if (raw.status >= 400) throw toError(raw);
  return raw.payload as T;
}

export interface ApiOptions {
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The call with the generic response handling and the error catalogue of spec 000 §7–8. */
export async function api<T = unknown>(method: string, path: string, options: ApiOptions = {}): Promise<T> {
  let raw: Raw;
  try {
    raw = await queue.run(() => send(method, path, options.body, options.timeoutMs ?? TIMEOUT_MS, options.signal));
  } catch (err) {
    if (err instanceof ApiError && !err.cancelled) addAlert(err.message === 'timeout' ? catalogueText.timeout : err.message, false);
    throw err;
  }
  const outcome = outcomeFor(method, raw.status, raw.payload);
  addAlert(outcome.success, true);
  addAlert(outcome.errors, false);
  if (outcome.action === 'notFoundPage') window.location.assign(`${BASE}/404`);
  if (outcome.action === 'failedDependencyPage') window.location.assign(`${BASE}/failed-dependency`);
  if (outcome.action === 'recheckLogin') await recheckLogin(raw);
  if (raw.status >= 400) throw toError(raw);
  return raw.payload as T;
}

/** 401/403/419: still logged in → show why; logged out → Frontpage (which leads to Login). */
async function recheckLogin(raw: Raw): Promise<void> {
  const status = await request<{ data: boolean }>('GET', '/auth/login/status').catch(() => ({ data: false }));
  if (status.data) {
    addAlert(toError(raw).message, false);
    return;
  }
  setLoginFlag(false);
  window.location.assign(`${BASE}/`);
}

/** The login flag in localStorage (1/0) that other tabs watch (spec 000 §4). */
export function setLoginFlag(loggedIn: boolean): void {
  try {
    localStorage.setItem(LOGIN_FLAG, loggedIn ? '1' : '0');
  } catch {
    // Private mode without storage: the flag is a convenience, the session cookie is the truth.
  }
}

/** Another tab logged in or out: reset this one by reloading it (the server decides where it lands). */
export function watchLoginFlag(reload: () => void = () => window.location.reload()): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOGIN_FLAG && event.oldValue !== event.newValue) reload();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
