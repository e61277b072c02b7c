import { createClient } from '@libsql/client';
import { copyFileSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createApp } from '../../src/server/app';
import { createDb, type Db } from '../../src/server/db/client';
import type { Bindings } from '../../src/server/env';
import { HttpSession } from './http-session';
import { TEMPLATE_DB, TMP_DIR } from './paths';

/**
 * The Hono app on a private copy of the migrated, seeded template database. `bindings` adds
 * Worker bindings (FILES, JOBS …) that need the test's database.
 */
export function createTestApp(bindings: (db: Db) => Partial<Bindings> = () => ({})) {
  const file = `${TMP_DIR}api-${randomUUID()}.db`;
  copyFileSync(TEMPLATE_DB, file);
  const client = createClient({ url: `file:${file}` });
  const db = createDb(client);
  const app = createApp({ db: () => db });
  const env: Bindings = { APP_ENV: 'test', LIBSQL_URL: `file:${file}`, ...bindings(db) };
  const fetcher = (url: string, init?: RequestInit) => Promise.resolve(app.request(url, init, env));
  return {
    app,
    db,
    client,
    /** A browser-like session: keeps cookies, sends the XSRF header like the API client. */
    session: (origin = 'http://localhost') => new HttpSession(fetcher, origin),
    close: () => {
      client.close();
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    },
  };
}
