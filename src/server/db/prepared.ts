import { fillPlaceholders } from 'drizzle-orm';
import type { RunnableQuery } from 'drizzle-orm/runnable-query';
import type { Db } from './client';

/**
 * Statements built once per isolate (issue 20). Building a query's SQL with drizzle
 * (`getSQL` → `sqlToQuery`) costs more Worker CPU than sending it: ~24 % of a bootstrap request.
 * A read that runs on every request can instead take its statement from here: built on first use
 * per database object and key, with `sql.placeholder(…)` wherever a request's values go, and run
 * with that request's values — as an item of a batch (`read`/`readAll` in db/reads.ts) or awaited
 * on its own. The key must name everything the SQL text depends on (the rule shape of the user,
 * options); everything else is a placeholder, so a statement never carries one user's ids to
 * another (`fillPlaceholders` throws when a value is missing).
 */
interface Statement {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  all(values?: Record<string, unknown>): Promise<unknown>;
}
type AllOf<S> = S extends { all(...args: never[]): Promise<infer R> } ? R : never;

const statements = new WeakMap<Db, Map<string, Statement>>();

/** A prepared select run with `values`; `key` names the statement (unique per call site and shape). */
export function preparedQuery<B extends { prepare(): Statement }>(db: Db, key: string, build: () => B, values: Record<string, unknown> = {}): PreparedItem<AllOf<ReturnType<B['prepare']>>> {
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map()));
  let statement = byKey.get(key);
  if (!statement) byKey.set(key, (statement = build().prepare()));
  return new PreparedItem(statement, values);
}

/**
 * A batch item for drizzle's `db.batch` (which asks each item for `_prepare()`, then its query and
 * its row mapping) and a promise of the rows when awaited alone.
 */
export class PreparedItem<T> implements RunnableQuery<T, 'sqlite'>, PromiseLike<T> {
  declare readonly _: { readonly dialect: 'sqlite'; readonly result: T };
  constructor(
    private readonly statement: Statement,
    private readonly values: Record<string, unknown>,
  ) {}

  /** @internal drizzle's batch protocol. */
  _prepare() {
    const { statement, values } = this;
    return {
      getQuery: () => {
        const query = statement.getQuery();
        return { sql: query.sql, params: fillPlaceholders(query.params, values) };
      },
      mapResult: (response: unknown, isFromBatch?: boolean) => statement.mapResult(response, isFromBatch),
    };
  }

  then<A = T, B = never>(onfulfilled?: ((rows: T) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): PromiseLike<A | B> {
    return (this.statement.all(this.values) as Promise<T>).then(onfulfilled, onrejected);
  }
}
