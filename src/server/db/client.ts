import type { Client } from '@libsql/client';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = LibSQLDatabase<Schema>;

/** Wraps any libSQL client (web build in the Worker, node build in tests and scripts). */
export function createDb(client: Client): Db {
  return drizzle(client, { schema });
}
