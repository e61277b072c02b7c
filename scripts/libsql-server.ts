// Local development libSQL server: "Hrana over HTTP" (JSON, v2 and v3) on top of the `libsql`
// package, so the Worker talks to it with the same @libsql/client/web code path as to Turso.
// Protocol notes: shared/reference/hrana-over-http.md (team docs). It is a DEVELOPMENT server: loopback
// only, no authentication (tokens are ignored). `turso dev` or sqld can replace it.
//
// Concurrency: every Hrana stream gets its own connection to one WAL-mode file, so readers never
// block and never see uncommitted data, and SQLite's own locking serialises writers. The waiting
// for that lock happens asynchronously (see Stream.retryBusy), because libsql is synchronous and a
// blocking busy_timeout would stall the request that lets the lock holder commit.
//
//   npx tsx scripts/libsql-server.ts [--port 8080] [--file .data/portal.db] [--log]
//   npx tsx scripts/libsql-server.ts --delay 20     # 20 ms simulated network latency per round trip
//   env: LIBSQL_PORT, LIBSQL_FILE, LIBSQL_DELAY_MS
import { mkdirSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PerformanceObserver } from 'node:perf_hooks';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { StreamRegistry } from './libsql-server/registry.ts';
import { closeIdleConnections, openConnection, statementStats, type Stream } from './libsql-server/streams.ts';
import { ProtocolError } from './libsql-server/values.ts';

export interface LibsqlServerOptions {
  /** Database file; created with its directory if missing. */
  file: string;
  /** Loopback only: 127.0.0.1 (default), localhost or ::1. */
  host?: string;
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** Log every request to stdout. */
  log?: boolean;
  /** Idle streams are rolled back and closed after this long. Default 30 s (sqld/Turso: 10 s). */
  idleTimeoutMs?: number;
  /** How long a statement waits for the write lock before it fails with SQLITE_BUSY. Default 5 s. */
  busyTimeoutMs?: number;
  /** Larger request bodies get 413. Default 32 MiB. */
  maxBodyBytes?: number;
  /**
   * Simulated network latency: every pipeline/cursor request waits this long before it is
   * handled, as a round trip from a Cloudflare location to Turso would. Default 0.
   */
  delayMs?: number;
}

export interface LibsqlServer {
  /** Base URL for createClient({ url }), e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  /** Changes the simulated latency per round trip (see LibsqlServerOptions.delayMs). */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

export async function startLibsqlServer(opts: LibsqlServerOptions): Promise<LibsqlServer> {
  const host = opts.host === undefined || opts.host === 'localhost' ? '127.0.0.1' : opts.host;
  if (!/^127\.\d+\.\d+\.\d+$/.test(host) && host !== '::1') {
    throw new Error(`libsql dev server binds to loopback only, refusing host ${JSON.stringify(opts.host)}`);
  }
  if (opts.file === ':memory:' || opts.file === '') {
    throw new Error('libsql dev server needs a database file: every stream opens its own connection');
  }
  const file = resolve(opts.file);
  mkdirSync(dirname(file), { recursive: true });
  // WAL is a property of the file, so setting it once here covers every later connection.
  const first = openConnection(file);
  first.exec('PRAGMA journal_mode = WAL');
  first.close();

  const maxBody = opts.maxBodyBytes ?? 32 * 1024 * 1024;
  const streams = new StreamRegistry({
    file,
    busyTimeoutMs: opts.busyTimeoutMs ?? 5_000,
    idleTimeoutMs: opts.idleTimeoutMs ?? 30_000,
  });

  let delayMs = opts.delayMs ?? 0;
  const server = createServer((req, res) => {
    const started = performance.now();
    handle(req, res, streams, maxBody, delayMs)
      .catch((e: unknown) => {
        if (e instanceof ProtocolError) return sendJson(res, e.status, { message: e.message, code: e.code });
        console.error('[libsql-server] internal error:', e);
        sendJson(res, 500, { message: `Internal server error: ${String(e)}`, code: 'INTERNAL_ERROR' });
      })
      .finally(() => {
        if (opts.log) console.log(`[libsql-server] ${req.method} ${req.url} ${res.statusCode} ${(performance.now() - started).toFixed(1)}ms`);
      });
  });
  // Node closes idle keep-alive connections after 5 s by default; a client (workerd's pool) that
  // sends on such a connection just as it closes gets "Network connection lost". Keep them open
  // longer than the clients do, as Turso's edge does.
  server.keepAliveTimeout = 120_000;

  await new Promise<void>((ok, fail) => {
    server.once('error', (e) => {
      streams.closeAll();
      fail(e);
    });
    server.listen(opts.port ?? 8080, host, () => {
      server.removeAllListeners('error');
      ok();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    setDelay: (ms) => {
      delayMs = Math.max(0, ms);
    },
    close: () =>
      (closing ??= new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }).then(() => {
        streams.closeAll();
        closeIdleConnections(file);
      })),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, streams: StreamRegistry, maxBody: number, delayMs: number): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (req.method === 'GET') {
    if (path === '/') return sendText(res, 200, 'Hello, this is the libSQL development server (Hrana over HTTP, JSON).\n');
    // Version probes of the Hrana spec: v2 and v3 JSON yes, protobuf no (the client then falls back).
    if (/(^|\/)v[23]$/.test(path)) return sendText(res, 200, '');
    return sendText(res, 404, 'Not found\n');
  }
  // Match on the suffix: a client URL like http://host/db/ posts to /db/v2/pipeline.
  const m = req.method === 'POST' ? /(?:^|\/)(v2|v3)\/(pipeline|cursor)$/.exec(path) : null;
  if (!m || (m[1] === 'v2' && m[2] === 'cursor')) return sendText(res, 404, 'Not found\n');
  const v3 = m[1] === 'v3';
  const body = await readJson(req, maxBody);
  if (delayMs > 0) await new Promise((ok) => setTimeout(ok, delayMs));

  if (m[2] === 'pipeline') {
    if (!Array.isArray(body.requests)) throw new ProtocolError('Body must be {"baton"?, "requests": [...]}');
    const requests: unknown[] = body.requests;
    const results = await withStream(streams, body.baton, (s) => s.pipeline(requests, v3));
    return sendJson(res, 200, { baton: results.baton, base_url: null, results: results.value });
  }

  // v3 cursor: the batch result as JSON lines (reference §8). It is computed in full before it
  // is sent, which is fine for a development server.
  const { baton, value } = await withStream(streams, body.baton, (s) => s.batch(body.batch, true));
  const lines: unknown[] = [{ baton, base_url: null }];
  value.step_results.forEach((r, step) => {
    const error = value.step_errors[step];
    if (error) lines.push({ type: 'step_error', step, error });
    if (!r) return;
    lines.push({ type: 'step_begin', step, cols: r.cols });
    for (const row of r.rows) lines.push({ type: 'row', row });
    lines.push({ type: 'step_end', affected_row_count: r.affected_row_count, last_insert_rowid: r.last_insert_rowid });
  });
  sendText(res, 200, lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
}

/** Runs fn on the baton's stream; a protocol or internal error drops the stream (the client gives up on it too). */
async function withStream<T>(streams: StreamRegistry, baton: unknown, fn: (s: Stream) => Promise<T>): Promise<{ baton: string | null; value: T }> {
  const stream = streams.acquire(baton);
  let value: T;
  try {
    value = await fn(stream);
  } catch (e) {
    streams.drop(stream);
    throw e;
  }
  return { baton: streams.release(stream), value };
}

async function readJson(req: IncomingMessage, maxBody: number): Promise<Json> {
  const tooLarge = () => new ProtocolError(`Request body is larger than ${maxBody} bytes`, 'REQUEST_TOO_LARGE', 413);
  if (Number(req.headers['content-length'] ?? 0) > maxBody) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Keep reading (and dropping) the rest: a client still uploading would see EPIPE, not the 413.
    if (size <= maxBody) chunks.push(chunk);
  }
  if (size > maxBody) throw tooLarge();
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ProtocolError('Request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ProtocolError('Request body must be a JSON object');
  return body as Json;
}

// The client compares content-type with exact string equality: no "; charset=..." suffix.
function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json', JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, text: string): void {
  send(res, status, 'text/plain', text);
}

function send(res: ServerResponse, status: number, type: string, text: string): void {
  if (res.headersSent || res.destroyed) return;
  // A 413 decided from content-length leaves the upload unread; closing the connection discards it.
  const close = status === 413 ? { connection: 'close' } : {};
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text), ...close });
  res.end(text);
}

/** Collects this process's GC events (PerformanceObserver 'gc'); the returned function gives them as [start ms monotonic, duration ms, kind][]. */
function recordGc(): () => [number, number, number][] {
  const offset = Number(process.hrtime.bigint()) / 1e6 - performance.now();
  const events: [number, number, number][] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) events.push([e.startTime + offset, e.duration, ((e as { detail?: { kind?: number } }).detail?.kind ?? 0)]);
  }).observe({ entryTypes: ['gc'] });
  return () => events;
}

function isMain(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(fileURLToPath(import.meta.url)) === realpathSync(resolve(script));
  } catch {
    return import.meta.url === pathToFileURL(resolve(script)).href;
  }
}

if (isMain()) {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
  };
  const port = Number(flag('--port') ?? process.env.LIBSQL_PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port ${port}`);
  const file = resolve(flag('--file') ?? process.env.LIBSQL_FILE ?? fileURLToPath(new URL('../.data/portal.db', import.meta.url)));
  const delayMs = Number(flag('--delay') ?? process.env.LIBSQL_DELAY_MS ?? 0);
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new Error(`Invalid delay ${delayMs}`);
  const server = await startLibsqlServer({ file, port, log: args.includes('--log'), delayMs });
  // LIBSQL_GC_LOG=<file>: every garbage collection of this process (start on the CLOCK_MONOTONIC
  // ms clock of process.hrtime, duration ms, V8's kind) written as JSON to <file> on SIGUSR2 and
  // when it stops — the load benchmark's TRACE=1 lays them beside its latency trace.
  const gcLog = process.env.LIBSQL_GC_LOG ? recordGc() : null;
  const writeGcLog = () => {
    if (!gcLog) return;
    writeFileSync(`${process.env.LIBSQL_GC_LOG}.part`, JSON.stringify(gcLog()));
    renameSync(`${process.env.LIBSQL_GC_LOG}.part`, process.env.LIBSQL_GC_LOG!);
  };
  if (gcLog) process.on('SIGUSR2', writeGcLog);
  console.log(`libSQL dev server listening on ${server.url} (database ${file})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      writeGcLog();
      if (statementStats) {
        const top = [...statementStats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20);
        console.log('[libsql-server] statements by total time (ms, count, rows per run, SQL):');
        for (const [sql, s] of top) console.log(`  ${s.ms.toFixed(0).padStart(7)} ms ${String(s.n).padStart(6)}× ${(s.rows / s.n).toFixed(0).padStart(5)} rows  ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
      }
      void server.close().then(() => process.exit(0));
    });
  }
}
