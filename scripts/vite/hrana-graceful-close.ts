import type { Plugin } from 'vite';

/**
 * `@libsql/hrana-client` 0.10 builds a `ClientError` — with its stack trace — every time an HTTP
 * stream closes gracefully, i.e. after every `execute` and `batch` of `@libsql/client` (~3 % of the
 * Worker's CPU per request in profiles; the client has no option that avoids it). The error only
 * marks the stream as closed (no cursor and no queued request is left to receive it at that point),
 * so the Worker's bundle uses one such error per isolate. Applied at build time (no patch tool and
 * no extra package for `npm ci`); `tests/unit/hrana-graceful-close.test.ts` fails when an upgrade
 * changes the patched line, and the build warns.
 */
export const HRANA_STREAM = /@libsql\/hrana-client\/lib-esm\/http\/stream\.js$/;
export const GRACEFUL_CLOSE = 'this._setClosed(new ClientError("Stream was gracefully closed"));';
const SHARED = 'const GRACEFULLY_CLOSED = new ClientError("Stream was gracefully closed");';

/** The stream module with the shared error, or null when the line is not there (once, as in 0.10). */
export function shareGracefulCloseError(code: string): string | null {
  if (code.split(GRACEFUL_CLOSE).length !== 2) return null;
  // Appended at the end: module code runs before any stream closes, and no line moves.
  return `${code.replace(GRACEFUL_CLOSE, 'this._setClosed(GRACEFULLY_CLOSED);')}\n${SHARED}\n`;
}

export function hranaGracefulClose(): Plugin {
  return {
    name: 'impulz:hrana-graceful-close',
    enforce: 'pre',
    transform(code, id) {
      if (!HRANA_STREAM.test(id.split('?')[0]!)) return null;
      const patched = shareGracefulCloseError(code);
      if (patched === null) this.warn(`hrana-graceful-close: "${GRACEFUL_CLOSE}" not found once in ${id}; not patched`);
      return patched === null ? null : { code: patched, map: null };
    },
  };
}
