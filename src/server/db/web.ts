import { createClient } from '@libsql/client/web';
import { readConfig, type Bindings } from '../env';
import { createDb, type Db } from './client';

let cached: { url: string; db: Db } | undefined;

/**
 * The Worker's database: libSQL over HTTP (Turso in production, scripts/libsql-server.ts locally).
 * The web client holds no connection, so one per isolate is safe to reuse across requests.
 */
export function workerDb(env: Bindings): Db {
  const { libsqlUrl, libsqlAuthToken } = readConfig(env);
  if (cached?.url !== libsqlUrl) {
    cached = { url: libsqlUrl, db: createDb(createClient({ url: libsqlUrl, authToken: libsqlAuthToken })) };
  }
  return cached.db;
}
