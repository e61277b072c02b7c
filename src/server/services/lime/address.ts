import type { Config } from '../../env';

/**
 * Which RemoteControl addresses the portal may call (checked when the connection is saved and
 * again before every call, so a stored address that the rules no longer allow is never used):
 * `https://` to a public host; `http://` only to `localhost` / `127.0.0.1` and only when
 * APP_ENV is development or test (the test doubles and a local LimeSurvey). In production no
 * loopback, private, link-local or unspecified address literal is called, by any scheme, and no
 * URL with credentials in it. Redirects are never followed (rpc.ts), so a public host cannot
 * bounce a call inward. (Host names are not resolved here: a Worker cannot reach private
 * networks by name; the rule guards against literals and redirects.)
 */
export function limeAddressAllowed(raw: string, appEnv: Config['appEnv']): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const local = appEnv === 'development' || appEnv === 'test';
  if (local && (host === 'localhost' || host === '127.0.0.1')) return url.protocol === 'http:' || url.protocol === 'https:';
  if (url.protocol !== 'https:') return false;
  return !internalHost(host);
}

/** localhost names and IP literals of the machine itself or a private network. */
function internalHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true;
  const v4 = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) return privateV4(v4.slice(1).map(Number) as [number, number, number, number]);
  if (host.startsWith('[')) {
    const v6 = host.slice(1, -1);
    if (v6 === '::' || v6 === '::1') return true;
    const mapped = v6.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/) ?? v6.match(/^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
    if (mapped) return true; // IPv4-mapped: never a LimeSurvey address worth the risk
    return /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || /^ff/.test(v6) || /^::/.test(v6);
  }
  return false;
}

function privateV4([a, b]: [number, number, number, number]): boolean {
  return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 198 && (b === 18 || b === 19)) || a >= 224;
}
