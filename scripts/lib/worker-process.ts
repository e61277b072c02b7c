import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Ports this process reserved (freePort), released when it exits. */
const RESERVED_DIR = join(tmpdir(), 'impulz-ports');
const reserved = new Set<string>();
process.once('exit', () => {
  for (const file of reserved) rmSync(file, { force: true });
});

/**
 * A free loopback port (for tests and benchmarks that run beside a developer's `npm start` and each
 * other). The kernel's free port is released before the child binds it, so two runs on the machine
 * could be handed the same one: each port is also reserved in a file (RESERVED_DIR, this process's
 * id) that no other run takes while this one lives. A foreign program can still take it in between:
 * startWorker and startMiniflareWorker then start again on fresh ports.
 */
export async function freePort(): Promise<number> {
  mkdirSync(RESERVED_DIR, { recursive: true });
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await kernelFreePort();
    if (reserve(port)) return port;
  }
  throw new Error('no free port found');
}

function kernelFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Takes the port's reservation file unless a live process holds it; a dead one's is taken over. */
export function reserve(port: number): boolean {
  const file = join(RESERVED_DIR, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      reserved.add(file);
      return true;
    } catch {
      if (isAlive(Number(readFileSync(file, { encoding: 'utf8', flag: 'a+' })))) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How often a Worker on a chosen port starts again when another program took that port (or the inspector's) first. */
const PORT_RETRIES = 4;
const PORT_TAKEN = /EADDRINUSE|address already in use/i;

/** Starts on `port`, or on a free port, again on fresh ones as long as the chosen ports turn out to be taken. */
export async function onFreePorts(port: number | undefined, start: (port: number, inspectorPort: number) => Promise<WorkerProcess>): Promise<WorkerProcess> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await start(port ?? (await freePort()), await freePort());
    } catch (err) {
      if (attempt >= PORT_RETRIES || !PORT_TAKEN.test((err as Error).message)) throw err;
    }
  }
}

/**
 * Runs the built Worker (dist/server) under workerd through `wrangler dev`, exactly the code
 * production runs, with the libSQL URL and local R2/Queue state under `persistTo`.
 */
export async function startWorker(opts: {
  /** Without a port: a free one (see freePort), and fresh ones when it was taken. */
  port?: number;
  libsqlUrl: string;
  persistTo: string;
  verbose?: boolean;
}): Promise<WorkerProcess> {
  return onFreePorts(opts.port, (port, inspectorPort) => {
    const child = spawn(
      process.execPath,
      [
        WRANGLER, 'dev',
        '-c', 'dist/server/wrangler.json',
        '--ip', '127.0.0.1',
        '--port', String(port),
        '--inspector-port', String(inspectorPort),
        '--persist-to', opts.persistTo,
        '--var', `LIBSQL_URL:${opts.libsqlUrl}`,
        '--var', 'APP_ENV:development',
        '--var', `APP_URL:http://localhost:${port}`,
        '--show-interactive-dev-session=false',
        '--log-level', opts.verbose ? 'info' : 'warn',
      ],
      { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return whenServing(child, port, inspectorPort, opts.verbose);
  });
}

/**
 * The built Worker under workerd through Miniflare directly (scripts/miniflare-worker.ts in its own
 * Node process): what production runs, without wrangler dev's proxy Worker in front. `pid` is that
 * Node process (workerd runs below it).
 */
export async function startMiniflareWorker(opts: { port?: number; libsqlUrl: string; persistTo: string; verbose?: boolean; production?: boolean; direct?: boolean }): Promise<WorkerProcess> {
  return onFreePorts(opts.port, (port, inspectorPort) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/miniflare-worker.ts', '--port', String(port), '--libsql', opts.libsqlUrl, '--persist', opts.persistTo, '--inspector-port', String(inspectorPort), ...(opts.production ? ['--production'] : []), ...(opts.direct ? ['--direct'] : [])],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return whenServing(child, port, inspectorPort, opts.verbose);
  });
}

/** Waits until the started Worker answers its login page; on failure kills it and throws with its output. */
async function whenServing(child: ChildProcess, port: number, inspectorPort: number, verbose?: boolean): Promise<WorkerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    output.push(chunk.toString());
    // BENCH_WORKER_OUTPUT=1: the Worker's own output too, e.g. V8's GC trace with
    // MINIFLARE_WORKERD_V8_FLAGS=--trace-gc-nvp (workerd buffers it: a run's last lines may be lost).
    if (verbose || process.env.BENCH_WORKER_OUTPUT === '1') process.stdout.write(chunk);
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
