import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';

/**
 * One database round trip per request (issue 20): a service that only reads exports its queries
 * and how it shapes their rows as a `Read`, so a page or an API call can put the reads of several
 * services into ONE libSQL batch (`readAll`) instead of one HTTP request to Turso each. The
 * service's own function stays `readOne(ctx.db, xRead(ctx))`.
 */
export interface Read<T> {
  queries: BatchItem<'sqlite'>[];
  present(results: unknown[]): T;
}

type Rows<Q extends readonly BatchItem<'sqlite'>[]> = { [K in keyof Q]: Awaited<Q[K]> };

/** A read from its queries (run in the batch, in this order) and a function of their results. */
export function read<const Q extends readonly BatchItem<'sqlite'>[], T>(queries: Q, present: (results: Rows<Q>) => T): Read<T> {
  return { queries: [...queries], present: (results) => present(results as Rows<Q>) };
}

/** A read without queries (e.g. an empty list the user's role gives anyway). */
export const constant = <T>(value: T): Read<T> => ({ queries: [], present: () => value });

/** A read whose result is shaped further. */
export function mapRead<A, T>(r: Read<A>, present: (a: A) => T): Read<T> {
  return { queries: r.queries, present: (results) => present(r.present(results)) };
}

/** Two reads as one (their queries one after the other). */
export function combine<A, B, T>(a: Read<A>, b: Read<B>, present: (a: A, b: B) => T): Read<T> {
  const n = a.queries.length;
  return { queries: [...a.queries, ...b.queries], present: (results) => present(a.present(results.slice(0, n)), b.present(results.slice(n))) };
}

/** Runs the reads' queries as one batch (one round trip) and gives each read's result. */
export async function readAll<const R extends readonly Read<unknown>[]>(db: Db, reads: R): Promise<{ [K in keyof R]: R[K] extends Read<infer T> ? T : never }> {
  const queries = reads.flatMap((r) => r.queries);
  // One statement is one round trip either way: sent on its own it skips the batch's transaction
  // (BEGIN, COMMIT and the ROLLBACK guard: 3 statements more for the database, 4 results to decode).
  const results: unknown[] =
    queries.length > 1 ? await db.batch(queries as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]) : queries.length ? [await queries[0]] : [];
  let at = 0;
  return reads.map((r) => {
    const part = results.slice(at, at + r.queries.length);
    at += r.queries.length;
    return r.present(part);
  }) as { [K in keyof R]: R[K] extends Read<infer T> ? T : never };
}

/** One read as its own round trip. */
export async function readOne<T>(db: Db, r: Read<T>): Promise<T> {
  const [result] = await readAll(db, [r] as const);
  return result as T;
}
