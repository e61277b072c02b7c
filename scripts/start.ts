/**
 * `npm start`: build, start the local libSQL server, migrate, seed the demo data and run the
 * built Worker under workerd. Ctrl-C stops both; the data in .data/ stays for the next run.
 *
 * Flags: --port N (or PORT), --data DIR (default .data), --skip-build, --fresh (empty DIR first).
 * LIBSQL_DELAY_MS=20 simulates 20 ms network latency per database round trip (as to Turso).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { demoLoginsText } from './seed.ts';
import { startLocalStack } from './lib/local-stack.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    data: { type: 'string', default: '.data' },
    'skip-build': { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
  },
});
const port = Number(args.port ?? process.env.PORT ?? 4321);
const dataDir = resolve(args.data);

if (!args['skip-build']) {
  console.log('▸ Bouwen (astro build)…');
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (args.fresh) rmSync(dataDir, { recursive: true, force: true });

const stack = await startLocalStack({
  dataDir,
  port,
  libsqlPort: process.env.LIBSQL_PORT ? Number(process.env.LIBSQL_PORT) : undefined,
  dbDelayMs: process.env.LIBSQL_DELAY_MS ? Number(process.env.LIBSQL_DELAY_MS) : undefined,
});
console.log(`▸ libSQL-server: ${stack.libsqlUrl} (${dataDir}/portal.db)${process.env.LIBSQL_DELAY_MS ? `, ${process.env.LIBSQL_DELAY_MS} ms gesimuleerde netwerkvertraging per round trip` : ''}`);
console.log(`\n✔ ImpulZ draait op http://localhost:${port}/portal/\n\n${demoLoginsText()}\n\nStoppen: Ctrl-C`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
