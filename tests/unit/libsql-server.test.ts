// The local libSQL dev server, driven by the real clients the app uses (@libsql/client web and
// node builds, drizzle-orm/libsql) plus raw Hrana requests for the protocol edges.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient as createNodeClient, type Client, type Config } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { startLibsqlServer, type LibsqlServer } from '../../scripts/libsql-server.ts';
import { analyze, splitStatements } from '../../scripts/libsql-server/sql.ts';

let dir: string;
let server: LibsqlServer;
const clients: Client[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'libsql-server-test-'));
  server = await startLibsqlServer({ file: join(dir, 'db', 'test.db'), port: 0 });
});

afterAll(async () => {
  for (const c of clients) c.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

function track(c: Client): Client {
  clients.push(c);
  return c;
}

/** The error a promise rejects with (fails the test if it resolves). */
async function failure(p: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await p;
  } catch (e) {
    return e as Error & { code?: string };
  }
  throw new Error('expected the promise to reject');
}

async function pipeline(body: unknown, url = server.url, path = '/v2/pipeline') {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), json: (await res.json()) as any };
}

const makers: { kind: string; make: (config: Config) => Client }[] = [
  { kind: 'web', make: createWebClient },
  { kind: 'node', make: createNodeClient },
];

describe.each(makers)('@libsql/client ($kind build) over HTTP', ({ kind, make }) => {
  const t = `items_${kind}`;
  let db: Client;
  let other: Client;

  beforeAll(async () => {
    db = track(make({ url: server.url }));
    other = track(make({ url: server.url }));
    await db.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, score REAL, data BLOB, big INTEGER)`);
  });

  it('executes with positional args and reports rowsAffected / lastInsertRowid', async () => {
    const ins = await db.execute({ sql: `INSERT INTO ${t} (id, name, score) VALUES (?, ?, ?)`, args: [41, 'alice', 1.5] });
    expect(ins.rowsAffected).toBe(1);
    expect(ins.lastInsertRowid).toBe(41n);
    const ins2 = await db.execute({ sql: `INSERT INTO ${t} (name, score) VALUES (?, ?)`, args: ['bob', 2] });
    expect(ins2.lastInsertRowid).toBe(42n);

    // One batch = one connection, so changes() still says 2 at the SELECT, which must report 0.
    const [upd, sel] = await db.batch(
      [
        { sql: `UPDATE ${t} SET score = score + 1 WHERE id IN (?, ?)`, args: [41, 42] },
        { sql: `SELECT id, name, score, 2.0 AS f FROM ${t} WHERE name = ?`, args: ['alice'] },
      ],
      'write',
    );
    expect(upd?.rowsAffected).toBe(2);
    expect(upd?.lastInsertRowid).toBeUndefined();
    if (!sel) throw new Error('no select result');
    expect(sel.rowsAffected).toBe(0);
    expect(sel.lastInsertRowid).toBeUndefined();
    expect(sel.columns).toEqual(['id', 'name', 'score', 'f']);
    expect(sel.columnTypes).toEqual(['INTEGER', 'TEXT', 'REAL', '']);
    expect(sel.rows).toHaveLength(1);
    expect(sel.rows[0]).toMatchObject({ id: 41, name: 'alice', score: 2.5, f: 2 });
  });

  it('binds named args with :, @ and $ prefixes, with or without the prefix in the key', async () => {
    await db.execute({ sql: `INSERT INTO ${t} (name, score) VALUES (:name, @score)`, args: { ':name': 'carol', score: 7.25 } });
    const r = await db.execute({ sql: `SELECT name, score FROM ${t} WHERE name = $n AND score = :s`, args: { $n: 'carol', s: 7.25 } });
    expect(r.rows.map((row) => [row.name, row.score])).toEqual([['carol', 7.25]]);
    // A parameter used twice is one slot.
    const twice = await db.execute({ sql: 'SELECT :v || :v AS vv', args: { v: 'ab' } });
    expect(twice.rows[0]?.vv).toBe('abab');
    const missing = await failure(db.execute({ sql: 'SELECT :a, :b', args: { a: 1 } }));
    expect(missing.code).toBe('ARGS_INVALID');
  });

  it('runs a write batch atomically: a failing statement rolls the whole batch back', async () => {
    const before = await db.execute(`SELECT count(*) AS n FROM ${t}`);
    const err = await failure(
      db.batch(
        [
          { sql: `INSERT INTO ${t} (name) VALUES (?)`, args: ['batch-1'] },
          { sql: `INSERT INTO ${t} (name) VALUES (?)`, args: ['alice'] }, // UNIQUE violation
          { sql: `INSERT INTO ${t} (name) VALUES (?)`, args: ['batch-3'] },
        ],
        'write',
      ),
    );
    expect(err.code).toBe('SQLITE_CONSTRAINT');
    expect((err as { statementIndex?: number }).statementIndex).toBe(1);
    const after = await db.execute(`SELECT count(*) AS n FROM ${t}`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    const leaked = await db.execute({ sql: `SELECT count(*) AS n FROM ${t} WHERE name = ?`, args: ['batch-1'] });
    expect(leaked.rows[0]?.n).toBe(0);

    const ok = await db.batch(
      [
        { sql: `INSERT INTO ${t} (name) VALUES (?)`, args: ['batch-ok'] },
        { sql: `SELECT name FROM ${t} WHERE name = ?`, args: ['batch-ok'] },
      ],
      'write',
    );
    expect(ok[0]?.rowsAffected).toBe(1);
    expect(ok[1]?.rows[0]?.name).toBe('batch-ok');
  });

  it('keeps an interactive transaction across requests and commits it', async () => {
    const tx = await db.transaction('write');
    await tx.execute({ sql: `INSERT INTO ${t} (name) VALUES (?)`, args: ['tx-commit'] });
    const inside = await tx.execute({ sql: `SELECT count(*) AS n FROM ${t} WHERE name = ?`, args: ['tx-commit'] });
    expect(inside.rows[0]?.n).toBe(1);
    // Another stream neither blocks on the open write transaction nor sees its rows.
    const outside = await other.execute({ sql: `SELECT count(*) AS n FROM ${t} WHERE name = ?`, args: ['tx-commit'] });
    expect(outside.rows[0]?.n).toBe(0);
    await tx.commit();
    const after = await other.execute({ sql: `SELECT count(*) AS n FROM ${t} WHERE name = ?`, args: ['tx-commit'] });
    expect(after.rows[0]?.n).toBe(1);
  });

  it('rolls an interactive transaction back', async () => {
    const tx = await db.transaction('write');
    await tx.execute({ sql: `INSERT INTO ${t} (name) VALUES (?)`, args: ['tx-rollback'] });
    await tx.execute({ sql: `UPDATE ${t} SET score = -1 WHERE name = ?`, args: ['alice'] });
    await tx.rollback();
    const r = await other.execute({ sql: `SELECT (SELECT count(*) FROM ${t} WHERE name = 'tx-rollback') AS n, (SELECT score FROM ${t} WHERE name = 'alice') AS s` });
    expect(r.rows[0]).toMatchObject({ n: 0, s: 2.5 });
  });

  it('makes a concurrent writer wait for the open write transaction instead of failing', async () => {
    const tx = await db.transaction('write');
    await tx.execute({ sql: `INSERT INTO ${t} (name) VALUES (?)`, args: ['holder'] });
    let done = false;
    const waiting = other.execute({ sql: `INSERT INTO ${t} (name) VALUES (?)`, args: ['waiter'] }).finally(() => (done = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(done).toBe(false);
    await tx.commit();
    const res = await waiting;
    expect(res.rowsAffected).toBe(1);
    const both = await db.execute(`SELECT count(*) AS n FROM ${t} WHERE name IN ('holder', 'waiter')`);
    expect(both.rows[0]?.n).toBe(2);
  });

  it('round-trips blobs byte-exact from Uint8Array and ArrayBuffer', async () => {
    const bytes = new Uint8Array(1024).map((_, i) => (i * 7 + 3) % 256);
    bytes[0] = 0;
    bytes[1] = 255;
    await db.execute({ sql: `INSERT INTO ${t} (name, data) VALUES (?, ?)`, args: ['blob-u8', bytes] });
    await db.execute({ sql: `INSERT INTO ${t} (name, data) VALUES (?, ?)`, args: ['blob-ab', bytes.slice(10, 20).buffer] });
    const r = await db.execute(`SELECT name, data, typeof(data) AS ty FROM ${t} WHERE name LIKE 'blob-%' ORDER BY name`);
    expect(r.rows.map((row) => row.ty)).toEqual(['blob', 'blob']);
    const ab = r.rows[0]?.data;
    const u8 = r.rows[1]?.data;
    expect(ab).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(u8 as ArrayBuffer)).toEqual(bytes);
    expect(new Uint8Array(ab as ArrayBuffer)).toEqual(bytes.slice(10, 20));
  });

  it('round-trips integers beyond 2^53 exactly with intMode bigint', async () => {
    const big = track(make({ url: server.url, intMode: 'bigint' }));
    const values = [9007199254740993n, 9223372036854775807n, -9223372036854775808n];
    for (const [i, v] of values.entries()) {
      await big.execute({ sql: `INSERT INTO ${t} (name, big) VALUES (?, ?)`, args: [`big-${i}`, v] });
    }
    const r = await big.execute(`SELECT big, typeof(big) AS ty FROM ${t} WHERE name LIKE 'big-%' ORDER BY name`);
    expect(r.rows.map((row) => row.big)).toEqual(values);
    expect(r.rows.map((row) => row.ty)).toEqual(['integer', 'integer', 'integer']);
    // A huge rowid comes back exactly too.
    const ins = await big.execute({ sql: `INSERT INTO ${t} (id, name) VALUES (?, ?)`, args: [9007199254740995n, 'big-rowid'] });
    expect(ins.lastInsertRowid).toBe(9007199254740995n);
  });

  it('turns SQL errors into LibsqlError and keeps serving', async () => {
    const syntax = await failure(db.execute('SELEC 1'));
    expect(syntax.name).toBe('LibsqlError');
    expect(syntax.code).toBe('SQLITE_ERROR');
    expect(syntax.message).toContain('syntax error');
    const unique = await failure(db.execute({ sql: `INSERT INTO ${t} (name) VALUES (?)`, args: ['alice'] }));
    expect(unique.name).toBe('LibsqlError');
    expect(unique.code).toBe('SQLITE_CONSTRAINT');
    const many = await failure(db.execute('SELECT 1; SELECT 2'));
    expect(many.code).toBe('SQL_MANY_STATEMENTS');
    const r = await db.execute('SELECT 40 + 2 AS x');
    expect(r.rows[0]?.x).toBe(42);
  });
});

describe('connection settings', () => {
  it('enforces foreign keys on every connection', async () => {
    const db = track(createWebClient({ url: server.url }));
    await db.executeMultiple(`
      CREATE TABLE fk_parent (id INTEGER PRIMARY KEY);
      CREATE TABLE fk_child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES fk_parent(id));
    `);
    const err = await failure(db.execute('INSERT INTO fk_child (parent_id) VALUES (99)'));
    expect(err.code).toBe('SQLITE_CONSTRAINT');
    expect(err.message).toContain('FOREIGN KEY');
    const mode = await db.execute('PRAGMA journal_mode');
    expect(mode.rows[0]?.[0]).toBe('wal');
  });

  it('runs executeMultiple scripts with trigger bodies and migrate()', async () => {
    const db = track(createWebClient({ url: server.url }));
    await db.executeMultiple(`
      CREATE TABLE trg_log (msg TEXT); -- a comment; with a semicolon
      CREATE TABLE trg_src (v INTEGER);
      CREATE TRIGGER trg_after AFTER INSERT ON trg_src BEGIN
        INSERT INTO trg_log VALUES (CASE WHEN new.v > 0 THEN 'pos;itive' ELSE 'neg' END);
        INSERT INTO trg_log VALUES ('second');
      END;
      INSERT INTO trg_src VALUES (5);
    `);
    const log = await db.execute('SELECT msg FROM trg_log ORDER BY rowid');
    expect(log.rows.map((r) => r.msg)).toEqual(['pos;itive', 'second']);
    await db.migrate([{ sql: 'CREATE TABLE migrated (id INTEGER PRIMARY KEY)' }, { sql: 'INSERT INTO migrated VALUES (1)' }]);
    const m = await db.execute('SELECT count(*) AS n FROM migrated');
    expect(m.rows[0]?.n).toBe(1);
  });
});

describe('drizzle-orm/libsql over the web client', () => {
  const users = sqliteTable('drz_users', {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull().unique(),
    age: integer('age'),
  });
  let db: ReturnType<typeof drizzle>;

  beforeAll(async () => {
    db = drizzle({ client: track(createWebClient({ url: server.url })) });
    await db.run(sql`CREATE TABLE drz_users (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, age INTEGER)`);
  });

  it('inserts, selects with where and updates', async () => {
    const [ann] = await db.insert(users).values({ name: 'ann', age: 30 }).returning();
    expect(ann).toMatchObject({ name: 'ann', age: 30 });
    await db.insert(users).values({ name: 'ben', age: 40 });
    expect(await db.select().from(users).where(eq(users.name, 'ben'))).toEqual([{ id: ann!.id + 1, name: 'ben', age: 40 }]);
    await db.update(users).set({ age: 31 }).where(eq(users.id, ann!.id));
    const rows = await db.select({ name: users.name, age: users.age }).from(users).orderBy(users.id);
    expect(rows).toEqual([{ name: 'ann', age: 31 }, { name: 'ben', age: 40 }]);
  });

  it('commits db.transaction and rolls it back when the callback throws', async () => {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ name: 'cat' });
      await tx.update(users).set({ age: 5 }).where(eq(users.name, 'cat'));
    });
    expect(await db.select({ age: users.age }).from(users).where(eq(users.name, 'cat'))).toEqual([{ age: 5 }]);

    const err = await failure(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ name: 'dan' });
        await tx.update(users).set({ age: 99 }).where(eq(users.name, 'ann'));
        throw new Error('boom');
      }),
    );
    expect(err.message).toBe('boom');
    expect(await db.select().from(users).where(eq(users.name, 'dan'))).toEqual([]);
    expect(await db.select({ age: users.age }).from(users).where(eq(users.name, 'ann'))).toEqual([{ age: 31 }]);
  });

  it('runs db.batch', async () => {
    const [ins, sel] = await db.batch([
      db.insert(users).values({ name: 'eve', age: 22 }),
      db.select({ name: users.name, age: users.age }).from(users).where(eq(users.name, 'eve')),
    ]);
    expect(ins.rowsAffected).toBe(1);
    expect(sel).toEqual([{ name: 'eve', age: 22 }]);
    const err = await failure(db.batch([db.insert(users).values({ name: 'fay' }), db.insert(users).values({ name: 'ann' })]));
    expect(err.code).toBe('SQLITE_CONSTRAINT');
    expect(await db.select().from(users).where(eq(users.name, 'fay'))).toEqual([]);
  });
});

describe('protocol edges', () => {
  it('answers the health check and version probes', async () => {
    const root = await fetch(server.url + '/');
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('libSQL');
    expect((await fetch(server.url + '/v2')).status).toBe(200);
    expect((await fetch(server.url + '/v3')).status).toBe(200);
    expect((await fetch(server.url + '/v3-protobuf')).status).toBe(404);
  });

  it('rejects malformed JSON with 400 and an error JSON', async () => {
    const r = await pipeline('{"requests": [');
    expect(r.status).toBe(400);
    expect(r.type).toBe('application/json');
    expect(r.json.message).toMatch(/JSON/);
    const noRequests = await pipeline({ baton: null });
    expect(noRequests.status).toBe(400);
  });

  it('rejects an unknown baton and a reused one with 400', async () => {
    const unknown = await pipeline({ baton: '999999.nope', requests: [{ type: 'close' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.type).toBe('application/json');
    expect(unknown.json.code).toBe('BATON_INVALID');

    const first = await pipeline({ requests: [{ type: 'execute', stmt: { sql: 'SELECT 1' } }] });
    expect(first.status).toBe(200);
    expect(typeof first.json.baton).toBe('string');
    const second = await pipeline({ baton: first.json.baton, requests: [{ type: 'execute', stmt: { sql: 'SELECT 2' } }] });
    expect(second.status).toBe(200);
    expect(second.json.baton).not.toBe(first.json.baton);
    const replay = await pipeline({ baton: first.json.baton, requests: [{ type: 'close' }] });
    expect(replay.status).toBe(400);
    const closed = await pipeline({ baton: second.json.baton, requests: [{ type: 'close' }] });
    expect(closed.json).toEqual({ baton: null, base_url: null, results: [{ type: 'ok', response: { type: 'close' } }] });
  });

  it('reuses connections across streams, but never one with a transaction left open', async () => {
    await pipeline({ requests: [{ type: 'execute', stmt: { sql: 'CREATE TABLE IF NOT EXISTS pooled (n INTEGER)' } }, { type: 'close' }] });
    // A stream that begins a transaction, writes, and is closed without COMMIT: rolled back.
    const open = await pipeline({ requests: [{ type: 'execute', stmt: { sql: 'BEGIN' } }, { type: 'execute', stmt: { sql: 'INSERT INTO pooled VALUES (1)' } }] });
    expect(open.status).toBe(200);
    await pipeline({ baton: open.json.baton, requests: [{ type: 'close' }] });
    for (let i = 0; i < 5; i++) {
      const r = await pipeline({ requests: [{ type: 'get_autocommit' }, { type: 'execute', stmt: { sql: 'SELECT count(*) FROM pooled' } }, { type: 'close' }] }, server.url, '/v3/pipeline');
      expect(r.json.results[0].response.is_autocommit).toBe(true);
      expect(r.json.results[1].response.result.rows[0][0]).toEqual({ type: 'integer', value: '0' });
    }
    // The same SQL text on reused connections (prepared once per connection) still sees new rows.
    await pipeline({ requests: [{ type: 'execute', stmt: { sql: 'INSERT INTO pooled VALUES (2)' } }, { type: 'close' }] });
    const after = await pipeline({ requests: [{ type: 'execute', stmt: { sql: 'SELECT count(*) FROM pooled' } }, { type: 'close' }] });
    expect(after.json.results[0].response.result.rows[0][0]).toEqual({ type: 'integer', value: '1' });
  });

  it('refuses bodies over the size limit with 413', async () => {
    const small = await startLibsqlServer({ file: join(dir, 'small.db'), port: 0, maxBodyBytes: 1024 });
    try {
      const r = await pipeline({ requests: [{ type: 'execute', stmt: { sql: `SELECT '${'x'.repeat(4096)}'` } }] }, small.url);
      expect(r.status).toBe(413);
      expect(r.json.code).toBe('REQUEST_TOO_LARGE');
    } finally {
      await small.close();
    }
  });

  it('evaluates batch conditions, stored SQL, sequence and v3-only requests', async () => {
    // An unknown sql_id is a protocol error for the whole request.
    const r = await pipeline({ requests: [{ type: 'close_sql', sql_id: 7 }, { type: 'execute', stmt: { sql_id: 7, args: [] } }] }, server.url, '/v3/pipeline');
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('SQL_NOT_FOUND');

    const ok = await pipeline(
      {
        requests: [
          { type: 'store_sql', sql_id: 7, sql: 'SELECT ? + 1 AS n' },
          { type: 'sequence', sql: 'CREATE TABLE cond_t (x INTEGER); INSERT INTO cond_t VALUES (1);' },
          {
            type: 'batch',
            batch: {
              steps: [
                { stmt: { sql: 'SELECT nope' } },
                { condition: { type: 'error', step: 0 }, stmt: { sql_id: 7, args: [{ type: 'integer', value: '41' }] } },
                { condition: { type: 'ok', step: 0 }, stmt: { sql: 'SELECT 1' } },
                { condition: { type: 'and', conds: [{ type: 'ok', step: 1 }, { type: 'not', cond: { type: 'ok', step: 2 } }] }, stmt: { sql: 'BEGIN' } },
                { condition: { type: 'or', conds: [{ type: 'is_autocommit' }, { type: 'ok', step: 2 }] }, stmt: { sql: 'SELECT 2' } },
              ],
            },
          },
          { type: 'get_autocommit' },
          { type: 'execute', stmt: { sql: 'ROLLBACK' } },
          { type: 'get_autocommit' },
          { type: 'describe', sql: 'SELECT x AS col FROM cond_t WHERE x = :x AND 2 = ?' },
          { type: 'execute', stmt: { sql: 'SELECT count(*) FROM cond_t' } },
          { type: 'close' },
        ],
      },
      server.url,
      '/v3/pipeline',
    );
    expect(ok.status).toBe(200);
    const [, , batch, auto1, , auto2, describe] = ok.json.results;
    const { step_results: res, step_errors: errs } = batch.response.result;
    expect(errs[0].code).toBe('SQLITE_ERROR');
    expect(res[1].rows).toEqual([[{ type: 'integer', value: '42' }]]);
    expect([res[2], errs[2]]).toEqual([null, null]); // skipped
    expect(res[3]).not.toBeNull(); // BEGIN ran
    expect([res[4], errs[4]]).toEqual([null, null]); // inside a transaction now, so skipped
    expect(auto1.response.is_autocommit).toBe(false);
    expect(auto2.response.is_autocommit).toBe(true);
    expect(describe.response.result).toMatchObject({ params: [{ name: ':x' }, { name: null }], cols: [{ name: 'col', decltype: 'INTEGER' }], is_explain: false, is_readonly: true });
    expect(ok.json.results[7].response.result.rows).toEqual([[{ type: 'integer', value: '1' }]]);
    expect(ok.json.baton).toBeNull();

    const v2 = await pipeline({ requests: [{ type: 'get_autocommit' }] });
    expect(v2.status).toBe(400);
  });

  it('serves a v3 cursor as JSON lines', async () => {
    const res = await fetch(server.url + '/v3/cursor', {
      method: 'POST',
      body: JSON.stringify({ batch: { steps: [{ stmt: { sql: "SELECT 'a' AS x UNION ALL SELECT 'b'" } }, { stmt: { sql: 'SELEC' } }] } }),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n');
    expect(lines.pop()).toBe(''); // every line ends with \n
    const entries = lines.map((l) => JSON.parse(l));
    expect(typeof entries[0].baton).toBe('string');
    expect(entries.slice(1).map((e) => e.type)).toEqual(['step_begin', 'row', 'row', 'step_end', 'step_error']);
    expect(entries[3].row).toEqual([{ type: 'text', value: 'b' }]);
    expect(entries[5].error.code).toBe('SQLITE_ERROR');
  });
});

describe('streams under lock pressure and expiry', () => {
  let s: LibsqlServer;
  beforeAll(async () => {
    s = await startLibsqlServer({ file: join(dir, 'busy.db'), port: 0, busyTimeoutMs: 200, idleTimeoutMs: 300 });
    await pipeline({ requests: [{ type: 'execute', stmt: { sql: 'CREATE TABLE b (v TEXT)' } }, { type: 'close' }] }, s.url);
  });
  afterAll(() => s.close());

  const exec = (sql: string, baton?: string | null) => pipeline({ baton, requests: [{ type: 'execute', stmt: { sql } }] }, s.url);

  it('gives up on a busy lock with SQLITE_BUSY, and the stream stays usable without a hidden transaction', async () => {
    const holder = await exec('BEGIN IMMEDIATE');
    const waiter = await exec("INSERT INTO b VALUES ('lost')");
    expect(waiter.json.results[0].error.code).toBe('SQLITE_BUSY');
    await exec('COMMIT', holder.json.baton);
    // The same stream writes again; its write must be committed and not keep the lock.
    const again = await exec("INSERT INTO b VALUES ('kept')", waiter.json.baton);
    expect(again.json.results[0].type).toBe('ok');
    const third = await exec("INSERT INTO b VALUES ('third')");
    expect(third.json.results[0].type).toBe('ok');
    const rows = await exec('SELECT v FROM b ORDER BY rowid');
    expect(rows.json.results[0].response.result.rows).toEqual([[{ type: 'text', value: 'kept' }], [{ type: 'text', value: 'third' }]]);
  });

  it('reports a transaction lost to the lock timeout and lets the client roll back', async () => {
    const db = track(createWebClient({ url: s.url }));
    const holder = await exec('BEGIN IMMEDIATE');
    const tx = await db.transaction('deferred');
    const err = await failure(tx.execute("INSERT INTO b VALUES ('in-tx')"));
    expect(err.code).toBe('SQLITE_BUSY');
    await tx.rollback();
    await exec('ROLLBACK', holder.json.baton);
    const ok = await db.execute("INSERT INTO b VALUES ('after')");
    expect(ok.rowsAffected).toBe(1);
  });

  it('expires idle streams, rolling back their transaction', async () => {
    const begin = await exec('BEGIN IMMEDIATE');
    const insert = await exec("INSERT INTO b VALUES ('expired')", begin.json.baton);
    expect(insert.json.results[0].type).toBe('ok');
    await new Promise((r) => setTimeout(r, 1000));
    const late = await exec('COMMIT', insert.json.baton);
    expect(late.status).toBe(500);
    expect(late.json.code).toBe('STREAM_EXPIRED');
    const n = await exec("SELECT count(*) FROM b WHERE v = 'expired'");
    expect(n.json.results[0].response.result.rows).toEqual([[{ type: 'integer', value: '0' }]]);
  });
});

describe('SQL lexer', () => {
  it('splits scripts, keeping trigger bodies, strings and comments whole', () => {
    const script = `
      INSERT INTO t VALUES ('a;b', "c;d", [e;f]); -- x; y
      /* ; */ CREATE TEMP TRIGGER tr AFTER INSERT ON t BEGIN
        SELECT CASE WHEN 1 THEN 'x' ELSE 'y' END; SELECT 2;
      END;
      ;;
      SELECT 3`;
    const parts = splitStatements(script);
    expect(parts).toHaveLength(3);
    expect(parts[0]).toBe(`INSERT INTO t VALUES ('a;b', "c;d", [e;f])`);
    expect(parts[1]).toMatch(/^CREATE TEMP TRIGGER[\s\S]*SELECT 2;\s+END$/);
    expect(parts[2]).toBe('SELECT 3');
    expect(splitStatements(' -- only a comment\n ; ')).toEqual([]);
  });

  it('numbers parameters like SQLite and classifies statements', () => {
    expect(analyze("SELECT ?, ':no', ?5, :a, @b, :a, $c::d(x), ?").params).toEqual([null, null, null, null, '?5', ':a', '@b', '$c::d(x)', null]);
    expect(analyze('WITH n AS (SELECT 1 AS v) INSERT INTO t SELECT v FROM n').kind).toBe('insert');
    expect(analyze('WITH n AS (SELECT 1) SELECT * FROM n').kind).toBe('other');
    expect(analyze('REPLACE INTO t VALUES (1)').kind).toBe('insert');
    expect(analyze('update t set a = 1').kind).toBe('update');
    expect(analyze('EXPLAIN DELETE FROM t').kind).toBe('explain');
    expect(analyze('CREATE TABLE t (a)').kind).toBe('other');
  });
});

describe('lifecycle', () => {
  it('refuses a non-loopback host', async () => {
    await expect(startLibsqlServer({ file: join(dir, 'x.db'), host: '0.0.0.0', port: 0 })).rejects.toThrow(/loopback/);
  });

  it('closes cleanly and frees its port', async () => {
    const s = await startLibsqlServer({ file: join(dir, 'close.db'), port: 0 });
    const client = createWebClient({ url: s.url });
    const tx = await client.transaction('write');
    await tx.execute('CREATE TABLE c (x)'); // an open stream with an open transaction
    await s.close();
    await expect(fetch(s.url + '/')).rejects.toThrow();
    const rebound = createServer();
    await new Promise<void>((ok, fail) => rebound.once('error', fail).listen(s.port, '127.0.0.1', ok));
    await new Promise((r) => rebound.close(r));
    client.close();
    // The transaction left open at close() was rolled back.
    const again = await startLibsqlServer({ file: join(dir, 'close.db'), port: 0 });
    const check = await pipeline({ requests: [{ type: 'execute', stmt: { sql: "SELECT count(*) FROM sqlite_master WHERE name = 'c'" } }, { type: 'close' }] }, again.url);
    await again.close();
    expect(check.json.results[0].response.result.rows).toEqual([[{ type: 'integer', value: '0' }]]);
  });
});
