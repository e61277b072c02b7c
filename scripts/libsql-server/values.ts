// Hrana values, argument binding and error shapes (reference/hrana-over-http.md §3, §4).
import Database from 'libsql';
import type { SqlInfo } from './sql.ts';

export type Value =
  | { type: 'null' }
  | { type: 'integer'; value: string }
  | { type: 'float'; value: number }
  | { type: 'text'; value: string }
  | { type: 'blob'; base64: string };

/** What we bind to and read from `libsql` (raw + safeIntegers mode). */
export type SqlValue = null | bigint | number | string | Buffer;

export interface ErrorJson {
  message: string;
  code: string;
}

/** Breaks the protocol: the whole HTTP request fails (400 unless said otherwise) and the stream is dropped. */
export class ProtocolError extends Error {
  constructor(message: string, readonly code = 'PROTOCOL_ERROR', readonly status = 400) {
    super(message);
  }
}

/** A statement failed: reported in-band as `{type: "error"}` or in `step_errors`. */
export class StmtError extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
  toJson(): ErrorJson {
    return { message: this.message, code: this.code };
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function decodeValue(v: unknown): SqlValue {
  const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
  switch (o.type) {
    case 'null':
      return null;
    case 'integer': {
      const raw = o.value;
      if ((typeof raw === 'string' && /^-?\d{1,19}$/.test(raw)) || (typeof raw === 'number' && Number.isSafeInteger(raw))) {
        const n = BigInt(raw);
        if (n >= INT64_MIN && n <= INT64_MAX) return n;
      }
      throw new ProtocolError(`Invalid integer value: ${JSON.stringify(raw)}`);
    }
    case 'float':
      if (typeof o.value === 'number') return o.value;
      break;
    case 'text':
      if (typeof o.value === 'string') return o.value;
      break;
    case 'blob':
      if (typeof o.base64 === 'string') return Buffer.from(o.base64, 'base64');
      break;
  }
  throw new ProtocolError(`Invalid value: ${JSON.stringify(v)?.slice(0, 200)}`);
}

export function encodeValue(v: unknown): Value {
  if (v === null || v === undefined) return { type: 'null' };
  if (typeof v === 'bigint') return { type: 'integer', value: v.toString() };
  // With safeIntegers on, a JS number is always a REAL (2.0 stays a float, as in sqld).
  if (typeof v === 'number') return { type: 'float', value: v };
  if (typeof v === 'string') return { type: 'text', value: v };
  if (v instanceof Uint8Array) return { type: 'blob', base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') };
  return { type: 'text', value: String(v) };
}

// Indexed by the primary result code (rawCode & 0xff).
const PRIMARY = [
  'SQLITE_OK', 'SQLITE_ERROR', 'SQLITE_INTERNAL', 'SQLITE_PERM', 'SQLITE_ABORT', 'SQLITE_BUSY', 'SQLITE_LOCKED',
  'SQLITE_NOMEM', 'SQLITE_READONLY', 'SQLITE_INTERRUPT', 'SQLITE_IOERR', 'SQLITE_CORRUPT', 'SQLITE_NOTFOUND',
  'SQLITE_FULL', 'SQLITE_CANTOPEN', 'SQLITE_PROTOCOL', 'SQLITE_EMPTY', 'SQLITE_SCHEMA', 'SQLITE_TOOBIG',
  'SQLITE_CONSTRAINT', 'SQLITE_MISMATCH', 'SQLITE_MISUSE', 'SQLITE_NOLFS', 'SQLITE_AUTH', 'SQLITE_FORMAT',
  'SQLITE_RANGE', 'SQLITE_NOTADB', 'SQLITE_NOTICE', 'SQLITE_WARNING',
];

export function isSqliteError(e: unknown): e is InstanceType<typeof Database.SqliteError> {
  return e instanceof Database.SqliteError;
}

/** Primary result code of a libsql error (libsql reports the extended one). */
export function primaryCode(e: InstanceType<typeof Database.SqliteError>): number {
  if (typeof e.rawCode === 'number') return e.rawCode & 0xff;
  const i = PRIMARY.findIndex((name) => e.code === name || e.code.startsWith(`${name}_`));
  return i < 0 ? 1 : i;
}

/** sqld reports the primary code name and prefixes the message; mirror it so error handling matches production. */
export function toStmtError(e: InstanceType<typeof Database.SqliteError>): StmtError {
  return new StmtError(`SQLite error: ${e.message}`, PRIMARY[primaryCode(e)] ?? 'SQLITE_ERROR');
}

/**
 * Turns Hrana args into one positional array, the way sqld binds them (query.rs). We never hand
 * libsql an object: named binding on SQL with a bare `?` aborts the whole process (§11.1).
 */
export function bindArgs(info: SqlInfo, args: unknown, named: unknown): SqlValue[] {
  if (!Array.isArray(args) || !Array.isArray(named)) throw new ProtocolError('args and named_args must be arrays');
  if (args.length > 0 && named.length > 0) {
    throw new StmtError('Statement has both positional and named arguments', 'ARGS_BOTH_POSITIONAL_AND_NAMED');
  }
  const given = args.length + named.length;
  if (given > info.params.length) {
    throw new StmtError(`Too many arguments: the statement takes ${info.params.length}, got ${given}`, 'ARGS_INVALID');
  }
  const byName = new Map<string, unknown>();
  for (const a of named) {
    if (typeof a !== 'object' || a === null || typeof a.name !== 'string') throw new ProtocolError('A named argument needs a name');
    byName.set(a.name, a.value);
  }
  return info.params.map((name, i) => {
    // A name like ":id" matches the key ":id" or the bare "id"; `?` and `?N` take args[N-1].
    const v = name === null || name.startsWith('?') ? args[i] : byName.get(name) ?? byName.get(name.slice(1));
    if (v !== undefined) return decodeValue(v);
    if (info.kind === 'explain') return null;
    throw new StmtError(`No value for parameter ${name ?? `?${i + 1}`}`, 'ARGS_INVALID');
  });
}
