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
    // No client-side limit on concurrent queries (the default is 20): its queue is shared by every
    // request of the isolate, and a request whose query waits for another request's query to finish
    // is cancelled by workerd as hung. Workers limit each request's own connections already.
    cached = { url: libsqlUrl, db: createDb(createClient({ url: libsqlUrl, authToken: libsqlAuthToken, concurrency: Number.MAX_SAFE_INTEGER })) };
  }
  return cached.db;
}
