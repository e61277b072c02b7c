/**
 * The built Worker (dist/server) under workerd through Miniflare directly, without `wrangler dev`
 * and its proxy Worker (a second workerd in front of ours that production does not have: ~1.8 ms
 * CPU per request). The bindings come from the built wrangler config
 * (`unstable_getMiniflareWorkerOptions`), so the Worker, its assets router, R2 and the Queue are
 * those `wrangler dev` runs. The load benchmark starts it through scripts/lib/local-stack.ts
 * (`runtime: 'miniflare'`).
 *
 *   npx tsx scripts/miniflare-worker.ts --port 4321 --libsql http://127.0.0.1:8080 --persist .tmp/x [--inspector-port 9229] [--production]
 * --production: APP_ENV production (no round-trip counting wrapper, no count headers: the code path
 * Cloudflare runs) with a random TOTP key; otherwise development.
 * Prints "listening <url>" when ready; SIGINT/SIGTERM dispose workerd.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

// The Miniflare that wrangler itself runs (its own dependency, so the same workerd as `wrangler dev`).
const wranglerRequire = createRequire(createRequire(import.meta.url).resolve('wrangler'));
const { Miniflare, convertV4MiniflareOptions } = (await import(pathToFileURL(wranglerRequire.resolve('miniflare')).href)) as typeof import('miniflare');

const { values } = parseArgs({
  options: { production: { type: 'boolean' }, direct: { type: 'boolean' }, port: { type: 'string' }, libsql: { type: 'string' }, persist: { type: 'string' }, 'inspector-port': { type: 'string' } },
});
if (!values.port || !values.libsql || !values.persist) throw new Error('--port, --libsql and --persist are required');
const port = Number(values.port);

const { workerOptions, main } = unstable_getMiniflareWorkerOptions('dist/server/wrangler.json');
const { modulesRules: _rules, assets: builtAssets, ...options } = workerOptions;
type V4Worker = import('miniflare').V4WorkerOptions;
const assets = builtAssets as NonNullable<V4Worker['assets']>;
// The build is not bundled again (`no_bundle`): every module of dist/server, the entry first, typed
// like the built config's rules (Miniflare 5 takes the list, not the rules).
const TYPES: [RegExp, 'ESModule' | 'CompiledWasm' | 'Text' | 'Data'][] = [[/\.m?js$/, 'ESModule'], [/\.wasm$/, 'CompiledWasm'], [/\.(txt|html|sql)$/, 'Text'], [/\.bin$/, 'Data']];
const root = dirname(main!);
const modules = [main!, ...readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => join(root, f)).filter((f) => f !== main)]
  .map((path) => ({ path, type: TYPES.find(([re]) => re.test(path))?.[1] }))
  .filter((m): m is { path: string; type: NonNullable<typeof m.type> } => m.type !== undefined);

const bindings = {
  ...(options.bindings as Record<string, string>),
  LIBSQL_URL: values.libsql,
  APP_URL: `http://localhost:${port}`,
  ...(values.production ? { APP_ENV: 'production', TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64') } : { APP_ENV: 'development' }),
};
const worker = { ...options, name: 'impulz-portal', modules, modulesRoot: root, bindings };
// Default: requests enter through Miniflare's own chain — its entry worker (cf object, request
// log, pretty errors), then the assets RPC proxy, router and asset worker (Cloudflare runs the
// last two outside the Worker), then ours. --direct: a socket straight to our Worker
// (`unsafeDirectSockets`), the assets in a worker of their own behind the ASSETS binding, so the
// CPU workerd spends per request is the Worker's (plus Miniflare's outbound interceptor on each
// fetch to libSQL, which has no option to leave it out).
const workers: V4Worker[] = values.direct
  ? [
      { ...worker, serviceBindings: { ...(worker as { serviceBindings?: object }).serviceBindings, ASSETS: 'impulz-assets' }, unsafeDirectSockets: [{ host: '127.0.0.1', port }] },
      { name: 'impulz-assets', compatibilityDate: options.compatibilityDate as string, modules: true, script: 'export default { fetch: (request, env) => env.ASSETS.fetch(request) };', assets: { ...assets, routerConfig: { has_user_worker: true } } },
    ]
  : [{ ...worker, assets }];

// wrangler hands out options in Miniflare's v4 shape; Miniflare 5 converts them.
const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: '127.0.0.1',
    port: values.direct ? 0 : port,
    inspectorPort: values['inspector-port'] ? Number(values['inspector-port']) : undefined,
    resourcePersistencePath: values.persist,
    workers,
  }),
);
const url = values.direct ? await mf.unsafeGetDirectURL('impulz-portal') : await mf.ready;
console.log(`listening ${url.origin}`);
const stop = () => void mf.dispose().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
