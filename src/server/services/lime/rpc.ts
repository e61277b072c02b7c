import type { Config } from '../../env';
import { AppError } from '../../errors';
import { surveysNl } from '../../../shared/i18n/surveys';
import { limeAddressAllowed } from './address';
import { limeFailureStatement, type LimeCaller } from './failure-audit';

export type { LimeCaller };

const TIMEOUT_MS = 60_000;

/**
 * Whatever went wrong with the LimeSurvey installation — unreachable, a redirect, an HTTP error,
 * no JSON, a JSON-RPC error, a refused login, a `{status}` answer, an address the rules refuse —
 * the browser gets the one Dutch sentence (no port scanner, no reader of internal answers); the
 * `detail` goes to the server log and the audit trail only.
 */
export class LimeFailure extends AppError {
  constructor(readonly detail: string) {
    super('FAILED_DEPENDENCY', surveysNl.lime.invalidAnswer);
    this.name = 'LimeFailure';
  }
}

/** LimeSurvey reports most failures as `result: { status: '…' }` with `error: null`. */
function statusOf(result: unknown): string | null {
  return result && typeof result === 'object' && !Array.isArray(result) && typeof (result as { status?: unknown }).status === 'string' ? (result as { status: string }).status : null;
}

/** One JSON-RPC 1.0-style call as LimeSurvey's RemoteControl 2 expects it: POST {method, params, id}. Redirects are never followed. */
async function call(url: string, appEnv: Config['appEnv'], method: string, params: unknown[]): Promise<unknown> {
  if (!limeAddressAllowed(url, appEnv)) throw new LimeFailure(`address refused (${appEnv}): ${url}`);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ method, params, id: 1 }), signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new LimeFailure(`${method}: unreachable (${err instanceof Error ? err.message : String(err)})`);
  }
  // 'manual': a 3xx comes back as it is (an opaque redirect in a browser, status 0); never followed.
  if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) {
    await res.body?.cancel();
    throw new LimeFailure(`${method}: redirect ${res.status} to ${res.headers.get('location') ?? '?'} not followed`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new LimeFailure(`${method}: HTTP ${res.status}`);
  }
  let body: { result?: unknown; error?: unknown };
  try {
    body = (await res.json()) as { result?: unknown; error?: unknown };
  } catch {
    throw new LimeFailure(`${method}: no JSON-RPC answer`);
  }
  if (body.error) throw new LimeFailure(`${method}: error ${(typeof body.error === 'string' ? body.error : JSON.stringify(body.error)).slice(0, 300)}`);
  return body.result;
}

/**
 * A RemoteControl 2 session: get_session_key on open, release_session_key on close (always, also
 * after an error). `call` returns LimeSurvey's result; `{status}` answers are failures unless the
 * caller lists them as meaning "nothing" (e.g. 'No surveys found').
 */
export class LimeSession {
  private constructor(private readonly url: string, private readonly appEnv: Config['appEnv'], private readonly key: string) {}

  static async open(url: string, username: string, password: string, appEnv: Config['appEnv']): Promise<LimeSession> {
    const key = await call(url, appEnv, 'get_session_key', [username, password]);
    if (typeof key !== 'string' || !key) throw new LimeFailure(`get_session_key: ${(statusOf(key) ?? String(key)).slice(0, 300)}`);
    return new LimeSession(url, appEnv, key);
  }

  async call<T>(method: string, params: unknown[], empty: RegExp | null = null): Promise<T | null> {
    const result = await call(this.url, this.appEnv, method, [this.key, ...params]);
    const status = statusOf(result);
    if (status) {
      if (empty?.test(status)) return null;
      throw new LimeFailure(`${method}: status ${status.slice(0, 300)}`);
    }
    return result as T;
  }

  async close(): Promise<void> {
    await call(this.url, this.appEnv, 'release_session_key', [this.key]).catch(() => undefined);
  }

  /**
   * Opens a session, runs `work`, and always releases the key. A failure is logged and written to
   * the audit trail (with its detail) before the uniform error reaches the caller.
   */
  static async with<T>(conn: { id?: number; url: string; username: string; password: string }, caller: LimeCaller, work: (s: LimeSession) => Promise<T>): Promise<T> {
    try {
      const session = await LimeSession.open(conn.url, conn.username, conn.password, caller.appEnv);
      try {
        return await work(session);
      } finally {
        await session.close();
      }
    } catch (err) {
      if (err instanceof LimeFailure) {
        console.warn(JSON.stringify({ event: 'lime.failure', action: caller.action, companyId: caller.companyId, userId: caller.userId, detail: err.detail }));
        await limeFailureStatement(caller, conn.id ?? null, err.detail).catch(() => undefined);
      }
      throw err;
    }
  }
}

/** base64 (LimeSurvey's export payload) → UTF-8 bytes, without atob's Latin-1 detour. */
export function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
