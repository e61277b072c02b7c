import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRACEFUL_CLOSE, HRANA_STREAM, shareGracefulCloseError } from '../../scripts/vite/hrana-graceful-close';

// The installed @libsql/hrana-client (the one @libsql/client resolves), as the Worker's build sees it.
const require = createRequire(join(process.cwd(), 'node_modules/@libsql/client/package.json'));
const streamFile = join(dirname(require.resolve('@libsql/hrana-client')), '../lib-esm/http/stream.js');

describe('hrana graceful close (scripts/vite/hrana-graceful-close.ts)', () => {
  it('finds the one graceful-close line in the installed client and shares one error', () => {
    expect(streamFile.replaceAll('\\', '/')).toMatch(HRANA_STREAM);
    const code = readFileSync(streamFile, 'utf8');
    const patched = shareGracefulCloseError(code);
    expect(patched, 'an upgrade of @libsql/hrana-client changed the patched line: check the plugin').not.toBeNull();
    expect(patched).not.toContain(GRACEFUL_CLOSE);
    expect(patched).toContain('this._setClosed(GRACEFULLY_CLOSED);');
    expect(patched!.match(/const GRACEFULLY_CLOSED = new ClientError\(/g)).toHaveLength(1);
    // Every other line stays where it was (source maps hold).
    expect(patched!.split('\n').length).toBe(code.split('\n').length + 2);
  });

  it('leaves a module without the line alone', () => {
    expect(shareGracefulCloseError('export const x = 1;')).toBeNull();
  });
});
