import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WRANGLER = fileURLToPath(new URL('../../node_modules/wrangler/bin/wrangler.js', import.meta.url));

export interface WorkerProcess {
  url: string;
  /** The wrangler Node process (workerd runs below it); for CPU figures of the benchmarks. */
  pid: number;
  /** wrangler's inspector port (Chrome DevTools protocol of the Worker): CPU profiles. */
  inspectorPort: number;
  stop(): Promise<void>;
}

/** A free loopback port (for tests that run beside a developer's `npm start`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Runs the built Worker (dist/server) under workerd through `wrangler dev`, exactly the code
 * production runs, with the libSQL URL and local R2/Queue state under `persistTo`.
 */
export async function startWorker(opts: {
  port: number;
  libsqlUrl: string;
  persistTo: string;
  verbose?: boolean;
}): Promise<WorkerProcess> {
  const inspectorPort = await freePort();
  const child = spawn(
    process.execPath,
    [
      WRANGLER, 'dev',
      '-c', 'dist/server/wrangler.json',
      '--ip', '127.0.0.1',
      '--port', String(opts.port),
      '--inspector-port', String(inspectorPort),
      '--persist-to', opts.persistTo,
      '--var', `LIBSQL_URL:${opts.libsqlUrl}`,
      '--var', 'APP_ENV:development',
      '--var', `APP_URL:http://localhost:${opts.port}`,
      '--show-interactive-dev-session=false',
      '--log-level', opts.verbose ? 'info' : 'warn',
    ],
    { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return whenServing(child, opts.port, inspectorPort, opts.verbose);
}

/**
 * The built Worker under workerd through Miniflare directly (scripts/miniflare-worker.ts in its own
 * Node process): what production runs, without wrangler dev's proxy Worker in front. `pid` is that
 * Node process (workerd runs below it).
 */
export async function startMiniflareWorker(opts: { port: number; libsqlUrl: string; persistTo: string; verbose?: boolean; production?: boolean; direct?: boolean }): Promise<WorkerProcess> {
  const inspectorPort = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/miniflare-worker.ts', '--port', String(opts.port), '--libsql', opts.libsqlUrl, '--persist', opts.persistTo, '--inspector-port', String(inspectorPort), ...(opts.production ? ['--production'] : []), ...(opts.direct ? ['--direct'] : [])],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return whenServing(child, opts.port, inspectorPort, opts.verbose);
}

/** Waits until the started Worker answers its login page; on failure kills it and throws with its output. */
async function whenServing(child: ChildProcess, port: number, inspectorPort: number, verbose?: boolean): Promise<WorkerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (verbose) process.stdout.write(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  try {
    await waitForHttp(`${url}/portal/login`, child, 60_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${output.join('')}`);
  }
  return { url, pid: child.pid!, inspectorPort, stop: () => stopProcess(child) };
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Worker process stopped with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The Worker did not answer on ${url} within ${timeoutMs / 1000} s`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
