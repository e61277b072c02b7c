import { AppError } from '../../errors';
import { surveysNl } from '../../../shared/i18n/surveys';

const t = surveysNl.lime;
const TIMEOUT_MS = 60_000;

/** LimeSurvey reports most failures as `result: { status: '…' }` with `error: null`. */
function statusOf(result: unknown): string | null {
  return result && typeof result === 'object' && !Array.isArray(result) && typeof (result as { status?: unknown }).status === 'string' ? (result as { status: string }).status : null;
}

/** One JSON-RPC 1.0-style call as LimeSurvey's RemoteControl 2 expects it: POST {method, params, id}. */
async function call(url: string, method: string, params: unknown[]): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ method, params, id: 1 }), signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new AppError('VALIDATION', t.unreachable);
  }
  if (!res.ok) throw new AppError('VALIDATION', t.httpError(res.status));
  let body: { result?: unknown; error?: unknown };
  try {
    body = (await res.json()) as { result?: unknown; error?: unknown };
  } catch {
    throw new AppError('VALIDATION', t.notRemoteControl);
  }
  if (body.error) throw new AppError('VALIDATION', t.remoteError(typeof body.error === 'string' ? body.error : JSON.stringify(body.error)));
  return body.result;
}

/**
 * A RemoteControl 2 session: get_session_key on open, release_session_key on close (always, also
 * after an error). `call` returns LimeSurvey's result; `{status}` answers become Dutch errors
 * unless the caller lists them as meaning "nothing" (e.g. 'No surveys found').
 */
export class LimeSession {
  private constructor(private readonly url: string, private readonly key: string) {}

  static async open(url: string, username: string, password: string): Promise<LimeSession> {
    const key = await call(url, 'get_session_key', [username, password]);
    if (typeof key !== 'string' || !key) {
      const status = statusOf(key);
      throw new AppError('VALIDATION', status && /invalid user|password/i.test(status) ? t.badLogin : t.remoteError(status ?? String(key)));
    }
    return new LimeSession(url, key);
  }

  async call<T>(method: string, params: unknown[], empty: RegExp | null = null): Promise<T | null> {
    const result = await call(this.url, method, [this.key, ...params]);
    const status = statusOf(result);
    if (status) {
      if (empty?.test(status)) return null;
      throw new AppError('VALIDATION', t.remoteError(status));
    }
    return result as T;
  }

  async close(): Promise<void> {
    await call(this.url, 'release_session_key', [this.key]).catch(() => undefined);
  }

  /** Opens a session, runs `work`, and always releases the key. */
  static async with<T>(conn: { url: string; username: string; password: string }, work: (s: LimeSession) => Promise<T>): Promise<T> {
    const session = await LimeSession.open(conn.url, conn.username, conn.password);
    try {
      return await work(session);
    } finally {
      await session.close();
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
