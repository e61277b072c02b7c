import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client/web';
import { describe, expect, it } from 'vitest';
import { startLibsqlServer } from '../../scripts/libsql-server.ts';
import { countingFetch, countRoundTrips, statementsIn } from '../../src/server/db/round-trips';

describe('round trip counting', () => {
  it('counts statements in Hrana bodies without the transaction wrapping of a batch', () => {
    expect(statementsIn(JSON.stringify({ requests: [{ type: 'execute', stmt: { sql: 'select 1' } }, { type: 'close' }] }))).toBe(1);
    const batch = {
      requests: [
        { type: 'store_sql', sql_id: 0, sql: 'select 1' },
        { type: 'batch', batch: { steps: [{ stmt: { sql: 'BEGIN TRANSACTION READONLY' } }, { stmt: { sql_id: 0 } }, { stmt: { sql: 'select 2' } }, { stmt: { sql: 'COMMIT' } }, { stmt: { sql: 'ROLLBACK' } }] } },
      ],
    };
    expect(statementsIn(JSON.stringify(batch))).toBe(2);
    expect(statementsIn(JSON.stringify({ batch: { steps: [{ stmt: { sql: 'select 1' } }] } }))).toBe(1);
    expect(statementsIn('not json')).toBe(0);
  });

  it('counts each HTTP request of the web client per async context, and the server can delay each one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'impulz-rt-'));
    const server = await startLibsqlServer({ file: join(dir, 'rt.db'), port: 0 });
    const client = createClient({ url: server.url, fetch: countingFetch });
    try {
      await client.execute('select 0'); // the version probe happens once per client
      const [a, b] = await Promise.all([
        countRoundTrips(async () => {
          await client.execute('select 1');
          await client.batch(['select 2', 'select 3'], 'read');
        }),
        countRoundTrips(() => client.execute('select 4')),
      ]);
      expect(a.count).toEqual({ roundTrips: 2, statements: 3 });
      expect(b.count).toEqual({ roundTrips: 1, statements: 1 });

      server.setDelay(60);
      const t0 = performance.now();
      const delayed = await countRoundTrips(() => client.execute('select 5'));
      expect(performance.now() - t0).toBeGreaterThanOrEqual(55);
      expect(delayed.count.roundTrips).toBe(1);
    } finally {
      client.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
