import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Destructive actions ask through the portal's own dialog (src/islands/shell/confirm.ts), never
// the browser's confirm(), which is unstyled, not in Dutch chrome and not part of the page.
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(tsx?|astro)$/.test(name) ? [path] : [];
  });
}

describe('confirmation dialogs', () => {
  it("no island, component or page script calls the browser's confirm()", () => {
    const offenders = ['src/islands', 'src/components', 'src/scripts', 'src/pages', 'src/layouts']
      .flatMap(files)
      .filter((path) => /(?<![\w.])(window\.)?confirm\(/.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
