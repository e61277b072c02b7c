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
    // No client-side limit on concurrent queries (the default is 20): its queue is shared by every
    // request of the isolate, and a request whose query waits for another request's query to finish
    // is cancelled by workerd as hung. Workers limit each request's own connections already.
    cached = { key, db: createDb(createClient({ url: libsqlUrl, authToken: libsqlAuthToken, fetch, concurrency: Number.MAX_SAFE_INTEGER })) };
  }
  return cached.db;
}
