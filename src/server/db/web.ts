import { createClient } from '@libsql/client/web';
import { readConfig, type Bindings } from '../env';
import { createDb, type Db } from './client';
import { countingFetch } from './round-trips';

let cached: { key: string; db: Db } | undefined;

/**
 * The Worker's database: libSQL over HTTP (Turso in production, scripts/libsql-server.ts locally).
 * The web client holds no connection, so one per isolate is safe to reuse across requests.
 * Outside production its fetch counts round trips per request (db/round-trips.ts).
 */
export function workerDb(env: Bindings): Db {
  const { libsqlUrl, libsqlAuthToken, appEnv } = readConfig(env);
  const key = `${appEnv} ${libsqlUrl}`;
  if (cached?.key !== key) {
    const fetch = appEnv === 'production' ? undefined : countingFetch;
    cached = { key, db: createDb(createClient({ url: libsqlUrl, authToken: libsqlAuthToken, fetch })) };
  }
  return cached.db;
}
