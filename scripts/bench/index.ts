/**
 * `npm run bench`: runs every benchmark script in scripts/bench/ (or the ones named on the command
 * line, e.g. `npm run bench -- analytics`) one after another. Each prints its own figures.
 * Everything from the first `--option` on goes to every script run (`npm run bench -- weighting
 * --small`, `npm run bench -- scale --rows 100000`).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('--'));
const wanted = firstOption < 0 ? args : args.slice(0, firstOption);
const options = firstOption < 0 ? [] : args.slice(firstOption);
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.startsWith('_'))
  .filter((f) => !wanted.length || wanted.some((w) => f.includes(w)))
  .sort();

// These measure the built Worker (under workerd): build it once, first.
const NEEDS_BUILD = ['frontpage-budget.ts', 'maps-pages.ts', 'public-report.ts', 'report-view.ts', 'round-trips.ts', 'concurrency.ts', 'participate.ts', 'message-upload.ts'];
if (scripts.some((s) => NEEDS_BUILD.includes(s))) {
  console.log('\n━━ astro build (for the benchmarks of the built Worker) ━━');
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let failed = 0;
for (const script of scripts) {
  console.log(`\n━━ bench: ${script} ━━`);
  // tsx starts its own Node process: pass --expose-gc through NODE_OPTIONS (memory figures).
  const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', `${dir}${script}`, ...options], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim(), ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) failed++;
}
if (failed) process.exit(1);
