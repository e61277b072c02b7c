import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startLibsqlServer } from '../libsql-server.ts';
import { migrateDatabase } from '../migrate.ts';
import { seedDatabase } from '../seed.ts';
import { freePort, startMiniflareWorker, startWorker } from './worker-process.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface LocalStack {
  /** The Worker's origin, e.g. http://127.0.0.1:4321 */
  url: string;
  libsqlUrl: string;
  /** Simulated network latency per database round trip (the local libSQL server's delay; in-process server only). */
  setDbDelay(ms: number): void;
  /** Process ids for CPU figures: the wrangler or Miniflare Node process (workerd below it) and the libSQL server (this process unless dbProcess). */
  pids: { wrangler: number; libsql: number };
  runtime: 'wrangler' | 'miniflare';
  /** The Worker's inspector port (CPU profiles). */
  inspectorPort: number;
  /**
   * Every Worker process started: one, or `isolates` of them (Miniflare only), each its own workerd
   * with its own socket and isolate; the first is `url` / `pids.wrangler` / `inspectorPort`.
   */
  workers: { url: string; pid: number; inspectorPort: number }[];
  stop(): Promise<void>;
}

export interface LocalStackOptions {
  dataDir: string;
  port?: number;
  libsqlPort?: number;
  verbose?: boolean;
  dbDelayMs?: number;
  /**
   * Run the libSQL server in its own Node process (as Turso is its own machine), so a benchmark's
   * load generator and the database don't share one event loop and their CPU can be told apart.
   * `nodeArgs` go to that process (e.g. --cpu-prof), `env` is added to its environment (e.g.
   * LIBSQL_GC_LOG).
   */
  dbProcess?: { nodeArgs?: string[]; env?: Record<string, string> };
  /**
   * `wrangler` (default): `wrangler dev`, as developers and the tests run it — with its proxy Worker
   * (a second workerd) in front. `miniflare`: the same built Worker under Miniflare directly, no
   * proxy, as production serves it (load benchmark: the proxy's CPU is not the product's).
   */
  runtime?: 'wrangler' | 'miniflare';
  /** With `runtime: 'miniflare'`: APP_ENV production (no round-trip counting, no count headers), as at Cloudflare. */
  production?: boolean;
  /** With `runtime: 'miniflare'`: a socket straight to the Worker, without Miniflare's entry and assets chain in front (scripts/miniflare-worker.ts --direct). */
  direct?: boolean;
  /**
   * With `runtime: 'miniflare'`: this many Worker processes (default 1), each its own workerd — one
   * isolate, one thread, its own caches and socket — all on the same libSQL server and the same
   * persisted R2/Queue/Cache state (`dataDir/wrangler`), as Cloudflare spreads requests over
   * isolates that share Turso and R2. Two workerd writing that state at the same moment is not
   * something Miniflare is made for: warm them one after another (the load itself only reads).
   */
  isolates?: number;
}

/**
 * The whole portal locally, as `npm start`, the worker tests and the benchmarks run it: the libSQL
 * server on `dataDir/portal.db` (migrated and seeded with the demo data) and the built Worker
 * under workerd with its R2/Queue state in `dataDir/wrangler`.
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const db = opts.dbProcess ? await startDbProcess(opts.dataDir, opts.dbProcess.nodeArgs ?? [], opts.dbProcess.env ?? {}) : await startLibsqlServer({ file: `${opts.dataDir}/portal.db`, port: opts.libsqlPort ?? 0 });
  try {
    await migrateDatabase(db.url);
    await seedDatabase(db.url);
    // The simulated network latency starts after setting up, so migrating and seeding stay fast.
    db.setDelay(opts.dbDelayMs ?? 0);
    const count = opts.isolates ?? 1;
    if (count > 1 && opts.runtime !== 'miniflare') throw new Error('isolates > 1 needs runtime miniflare');
    const started = await Promise.allSettled(
      Array.from({ length: count }, async (_, i) =>
        (opts.runtime === 'miniflare' ? startMiniflareWorker : startWorker)({
          port: i === 0 ? opts.port : undefined, // none: a free one, again on a fresh one if it was taken
          libsqlUrl: db.url,
          persistTo: `${opts.dataDir}/wrangler`,
          verbose: opts.verbose,
          production: opts.production,
          direct: opts.direct,
        }),
      ),
    );
    const workers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) {
      await Promise.all(workers.map((w) => w.stop()));
      throw failed.reason;
    }
    const worker = workers[0]!;
    return {
      url: worker.url,
      libsqlUrl: db.url,
      setDbDelay: (ms) => db.setDelay(ms),
      pids: { wrangler: worker.pid, libsql: 'pid' in db ? db.pid : process.pid },
      runtime: opts.runtime ?? 'wrangler',
      inspectorPort: worker.inspectorPort,
      workers: workers.map((w) => ({ url: w.url, pid: w.pid, inspectorPort: w.inspectorPort })),
      async stop() {
        await Promise.all(workers.map((w) => w.stop()));
        await db.close();
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** scripts/libsql-server.ts as a child process on a free port; closing it sends SIGINT (a --cpu-prof profile is then written). */
async function startDbProcess(dataDir: string, nodeArgs: string[], env: Record<string, string>) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'scripts/libsql-server.ts', '--port', String(port), '--file', `${dataDir}/portal.db`], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, fail) => {
    child.once('exit', (code) => fail(new Error(`libSQL server stopped with code ${code}`)));
    let listening = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (listening) process.stdout.write(chunk); // e.g. LIBSQL_STATS=1 figures when it stops
      else if (chunk.toString().includes('listening')) listening = true, ok();
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    setDelay(ms: number) {
      if (ms) throw new Error('the simulated delay needs the in-process libSQL server');
    },
    close: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGINT');
      }),
  };
}
