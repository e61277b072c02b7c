// Hrana streams: one libsql connection each, with its stored SQL texts (reference §5–§7, §11).
import Database from 'libsql';
import { analyze, splitStatements, type SqlInfo } from './sql.ts';
import {
  bindArgs, encodeValue, isSqliteError, primaryCode, ProtocolError, StmtError, toStmtError,
  type ErrorJson, type SqlValue, type Value,
} from './values.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface StmtResult {
  cols: { name: string | null; decltype: string | null }[];
  rows: Value[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
  // sqld sends these; the client ignores them. libsql has no counters, so they are approximations.
  rows_read: number;
  rows_written: number;
  query_duration_ms: number;
}
export interface BatchResult {
  step_results: (StmtResult | null)[];
  step_errors: (ErrorJson | null)[];
}
export type StreamResult = { type: 'ok'; response: Obj } | { type: 'error'; error: ErrorJson };

export interface StreamOptions {
  file: string;
  /** How long a statement keeps retrying SQLITE_BUSY before it fails. */
  busyTimeoutMs: number;
}

// Woken whenever a stream may have released the write lock, so a waiting writer retries at once
// instead of sleeping out its backoff. Spurious wake-ups only cost a failed attempt.
const lockWaiters = new Set<() => void>();
function lockMaybeReleased(): void {
  for (const wake of lockWaiters) wake();
}
function waitForLock(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      lockWaiters.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    lockWaiters.add(wake);
  });
}

/**
 * LIBSQL_STATS=1: time and rows per SQL text, printed when the server stops (which statements
 * cost the database its CPU; a development aid).
 */
export const statementStats = process.env.LIBSQL_STATS === '1' ? new Map<string, { n: number; ms: number; rows: number }>() : null;

const BUSY = 5;
const BUSY_SNAPSHOT = 517; // the transaction's snapshot is stale: waiting cannot help
const MAX_STORED_SQL = 200;

export function openConnection(file: string): Database.Database {
  const db = new Database(file);
  // busy_timeout = 0 on purpose: libsql is synchronous, so SQLite's own busy wait would block the
  // event loop, including the very request that lets the lock holder commit. We wait in retryBusy.
  db.exec('PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 0; PRAGMA synchronous = NORMAL');
  return db;
}

/**
 * Connections are reused across streams, as sqld and Turso keep theirs: opening one (file, WAL
 * index, schema parse on the first statement) costs more than a small request's queries. A stream
 * hands its connection back only in autocommit state (no transaction left open) and not after a
 * lost transaction; each pooled connection keeps its prepared statements (by SQL text).
 */
const MAX_IDLE_CONNECTIONS = 16;
const MAX_CACHED_STATEMENTS = 300;
const idle = new Map<string, Database.Database[]>();
const prepared = new WeakMap<Database.Database, Map<string, Database.Statement>>();
const splitCache = new Map<string, string[]>();

function takeConnection(file: string): Database.Database {
  return idle.get(file)?.pop() ?? openConnection(file);
}

function giveBack(file: string, db: Database.Database): void {
  const pool = idle.get(file) ?? [];
  idle.set(file, pool);
  if (pool.length >= MAX_IDLE_CONNECTIONS || db.inTransaction) discard(db);
  else pool.push(db);
}

/**
 * Closes a connection for good. Its cached statements keep a closed connection alive (SQLite
 * waits for them to be finalized, and libsql finalizes only on garbage collection), so an open
 * transaction is rolled back explicitly first: its locks must not outlive the stream.
 */
function discard(db: Database.Database): void {
  prepared.delete(db);
  if (db.inTransaction) {
    try {
      db.exec('ROLLBACK');
    } catch {
      // Already rolled back by SQLite (e.g. after an error); closing finishes the job.
    }
  }
  db.close();
}

/** Closes the idle connections of a database file (when the server stops). */
export function closeIdleConnections(file: string): void {
  for (const db of idle.get(file) ?? []) discard(db);
  idle.delete(file);
}

function prepareCached(db: Database.Database, sql: string): Database.Statement {
  let cache = prepared.get(db);
  if (!cache) prepared.set(db, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.delete(cache.keys().next().value!);
    cache.set(sql, stmt);
  }
  return stmt;
}

export class Stream {
  baton: string | null = null;
  lastUsed = Date.now();
  running = false;
  closed = false;
  private db: Database.Database;
  private changes: Database.Statement;
  private readonly sqls = new Map<number, string>();
  /** Set when a transaction was rolled back under the client; only ROLLBACK clears it. */
  private txnLost = false;

  constructor(readonly id: number, private readonly opts: StreamOptions) {
    this.db = takeConnection(opts.file);
    this.changes = prepareCached(this.db, 'SELECT changes(), last_insert_rowid()').raw(true).safeIntegers(true);
  }

  async pipeline(requests: unknown[], v3: boolean): Promise<StreamResult[]> {
    const results: StreamResult[] = [];
    for (const req of requests) {
      if (this.closed) throw new ProtocolError('Request received after the stream was closed');
      try {
        results.push({ type: 'ok', response: await this.handle(req, v3) });
      } catch (e) {
        if (!(e instanceof StmtError)) throw e;
        results.push({ type: 'error', error: e.toJson() });
      }
    }
    return results;
  }

  private async handle(req: unknown, v3: boolean): Promise<Obj> {
    if (!isObj(req)) throw new ProtocolError('A stream request must be an object');
    switch (req.type) {
      case 'execute':
        return { type: 'execute', result: await this.execute(req.stmt) };
      case 'batch':
        return { type: 'batch', result: await this.batch(req.batch, v3) };
      case 'sequence':
        for (const part of splitStatements(this.sqlOf(req))) await this.run(part, analyze(part), [], false);
        return { type: 'sequence' };
      case 'describe':
        return { type: 'describe', result: await this.describe(this.sqlOf(req)) };
      case 'store_sql':
        if (typeof req.sql_id !== 'number' || typeof req.sql !== 'string') throw new ProtocolError('store_sql needs sql_id and sql');
        if (this.sqls.has(req.sql_id)) throw new ProtocolError(`SQL text ${req.sql_id} is already stored`, 'SQL_STORE_DUPLICATE');
        if (this.sqls.size >= MAX_STORED_SQL) throw new ProtocolError('Too many stored SQL texts', 'SQL_STORE_TOO_MANY');
        this.sqls.set(req.sql_id, req.sql);
        return { type: 'store_sql' };
      case 'close_sql':
        this.sqls.delete(req.sql_id as number);
        return { type: 'close_sql' };
      case 'close':
        this.close();
        return { type: 'close' };
      case 'get_autocommit':
        if (!v3) throw new ProtocolError('get_autocommit needs Hrana 3 (/v3/pipeline)');
        return { type: 'get_autocommit', is_autocommit: !this.db.inTransaction };
      default:
        throw new ProtocolError(`Unknown request type ${JSON.stringify(req.type)}`);
    }
  }

  private sqlOf(o: Obj): string {
    const hasSql = typeof o.sql === 'string';
    const hasId = typeof o.sql_id === 'number';
    if (hasSql === hasId) throw new ProtocolError('Exactly one of sql and sql_id must be given');
    if (hasSql) return o.sql as string;
    const text = this.sqls.get(o.sql_id as number);
    if (text === undefined) throw new ProtocolError(`SQL text ${String(o.sql_id)} is not stored`, 'SQL_NOT_FOUND');
    return text;
  }

  private single(sql: string): string {
    // The same texts come again and again (prepared statements): split each once, not per request.
    let parts = splitCache.get(sql);
    if (!parts) {
      parts = splitStatements(sql);
      if (splitCache.size > 2000) splitCache.clear();
      splitCache.set(sql, parts);
    }
    if (parts.length === 0) throw new StmtError('SQL string does not contain any statement', 'SQL_NO_STATEMENT');
    if (parts.length > 1) throw new StmtError('SQL string contains more than one statement', 'SQL_MANY_STATEMENTS');
    return parts[0]!;
  }

  async execute(stmt: unknown): Promise<StmtResult> {
    if (!isObj(stmt)) throw new ProtocolError('stmt must be an object');
    const sql = this.single(this.sqlOf(stmt));
    const info = analyze(sql);
    const args = bindArgs(info, stmt.args ?? [], stmt.named_args ?? []);
    return this.run(sql, info, args, stmt.want_rows !== false);
  }

  async batch(batch: unknown, v3: boolean): Promise<BatchResult> {
    if (!isObj(batch) || !Array.isArray(batch.steps)) throw new ProtocolError('batch.steps must be an array');
    const steps: unknown[] = batch.steps;
    // Check every condition first, as sqld does, so a bad one fails before anything has run.
    steps.forEach((s, i) => { if (!isObj(s)) throw new ProtocolError('A batch step must be an object'); checkCond(s.condition, i, v3); });
    const out: BatchResult = { step_results: [], step_errors: [] };
    for (const step of steps as Obj[]) {
      if (step.condition != null && !this.evalCond(step.condition as Obj, out)) {
        out.step_results.push(null);
        out.step_errors.push(null);
        continue;
      }
      try {
        out.step_results.push(await this.execute(step.stmt));
        out.step_errors.push(null);
      } catch (e) {
        if (!(e instanceof StmtError)) throw e;
        out.step_results.push(null);
        out.step_errors.push(e.toJson());
      }
    }
    return out;
  }

  private evalCond(c: Obj, out: BatchResult): boolean {
    switch (c.type) {
      case 'ok': return out.step_results[c.step as number] != null;
      case 'error': return out.step_errors[c.step as number] != null;
      case 'not': return !this.evalCond(c.cond as Obj, out);
      case 'and': return (c.conds as Obj[]).every((x) => this.evalCond(x, out));
      case 'or': return (c.conds as Obj[]).some((x) => this.evalCond(x, out));
      default: return !this.db.inTransaction; // is_autocommit
    }
  }

  private async describe(text: string): Promise<Obj> {
    const sql = this.single(text);
    const info = analyze(sql);
    try {
      const stmt = await this.retryBusy(() => this.db.prepare(sql));
      return {
        params: info.params.map((name) => ({ name })),
        cols: stmt.columns().map((c) => ({ name: c.name, decltype: c.type })),
        is_explain: info.kind === 'explain',
        // libsql exposes no sqlite3_stmt_readonly(); "returns rows and is no DML" is close enough.
        is_readonly: stmt.reader && !['insert', 'update', 'delete'].includes(info.kind),
      };
    } catch (e) {
      throw isSqliteError(e) ? toStmtError(e) : e;
    }
  }

  private async run(sql: string, info: SqlInfo, args: SqlValue[], wantRows: boolean): Promise<StmtResult> {
    if (this.txnLost) {
      if (!/^ROLLBACK(\s+TRANSACTION)?$/i.test(sql)) {
        throw new StmtError('The transaction was rolled back after waiting too long for the write lock', 'TRANSACTION_TIMEOUT');
      }
      this.txnLost = false;
      return { cols: [], rows: [], affected_row_count: 0, last_insert_rowid: null, rows_read: 0, rows_written: 0, query_duration_ms: 0 };
    }
    const started = performance.now();
    try {
      const stmt = await this.retryBusy(() => prepareCached(this.db, sql));
      const reader = stmt.reader;
      if (reader) stmt.raw(true).safeIntegers(true);
      let rows: SqlValue[][] = [];
      try {
        // Retry with the same Statement: a fresh one would leave the failed one active (§11.7).
        await this.retryBusy(() => { if (reader) rows = stmt.all(args) as SqlValue[][]; else stmt.run(args); });
      } catch (e) {
        if (isSqliteError(e) && primaryCode(e) === BUSY) this.replaceConnection();
        throw e;
      }
      // run().lastInsertRowid is a lossy JS number, and changes() is stale after non-DML statements.
      const [changes, rowid] = this.changes.get() as [bigint, bigint];
      if (!this.db.inTransaction) lockMaybeReleased();
      const dml = info.kind === 'insert' || info.kind === 'update' || info.kind === 'delete';
      const affected = dml ? Number(changes) : 0;
      if (statementStats) {
        const stat = statementStats.get(sql) ?? { n: 0, ms: 0, rows: 0 };
        stat.n += 1;
        stat.ms += performance.now() - started;
        stat.rows += rows.length;
        statementStats.set(sql, stat);
      }
      return {
        cols: stmt.columns().map((c) => ({ name: c.name, decltype: c.type })),
        rows: wantRows ? rows.map((r) => r.map(encodeValue)) : [],
        affected_row_count: affected,
        last_insert_rowid: info.kind === 'insert' ? rowid.toString() : null,
        rows_read: rows.length,
        rows_written: affected,
        query_duration_ms: performance.now() - started,
      };
    } catch (e) {
      throw isSqliteError(e) ? toStmtError(e) : e;
    }
  }

  /**
   * Waits for SQLite's write lock without blocking the event loop: other streams (one of which
   * holds the lock between its HTTP requests) keep being served meanwhile.
   */
  private async retryBusy<T>(fn: () => T): Promise<T> {
    const deadline = Date.now() + this.opts.busyTimeoutMs;
    for (let delay = 1; ; delay = Math.min(delay * 2, 25)) {
      try {
        return fn();
      } catch (e) {
        const busy = isSqliteError(e) && primaryCode(e) === BUSY && e.rawCode !== BUSY_SNAPSHOT;
        if (!busy || Date.now() >= deadline || this.closed) throw e;
      }
      await waitForLock(delay);
    }
  }

  /**
   * A Statement that failed with SQLITE_BUSY stays active and libsql has no reset(): later
   * statements on this connection would then run in an invisible transaction that never
   * commits (and blocks every other writer). Closing the connection is the only way out.
   */
  private replaceConnection(): void {
    if (this.closed) return;
    this.txnLost = this.db.inTransaction;
    discard(this.db);
    this.db = openConnection(this.opts.file);
    this.changes = prepareCached(this.db, 'SELECT changes(), last_insert_rowid()').raw(true).safeIntegers(true);
  }

  /** Closing the connection rolls back whatever transaction is still open. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.txnLost) discard(this.db);
    else giveBack(this.opts.file, this.db); // rolls nothing back: only autocommit connections are kept
    lockMaybeReleased();
  }
}

function checkCond(c: unknown, step: number, v3: boolean): void {
  if (c == null) return;
  if (!isObj(c)) throw new ProtocolError('A batch condition must be an object');
  switch (c.type) {
    case 'ok':
    case 'error':
      if (typeof c.step !== 'number' || !Number.isInteger(c.step) || c.step < 0 || c.step >= step) {
        throw new ProtocolError(`Batch condition of step ${step} refers to step ${String(c.step)}, which has not run yet`);
      }
      return;
    case 'not':
      return checkCond(c.cond ?? {}, step, v3);
    case 'and':
    case 'or':
      if (!Array.isArray(c.conds)) throw new ProtocolError(`"${c.type}" condition needs conds`);
      return c.conds.forEach((x) => checkCond(x ?? {}, step, v3));
    case 'is_autocommit':
      if (!v3) throw new ProtocolError('is_autocommit needs Hrana 3 (/v3/pipeline)');
      return;
    default:
      throw new ProtocolError(`Unknown batch condition ${JSON.stringify(c.type)}`);
  }
}
