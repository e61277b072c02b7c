import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Database round trips per request (development and test only). Every libSQL call of the web
 * client is one HTTP request to the server (Turso in production): counting the client's fetches
 * counts the round trips, and the statements in their Hrana bodies count the work. The count
 * belongs to the request that started the call (AsyncLocalStorage), so concurrent requests on one
 * isolate don't mix. Production doesn't wrap fetch and sends no header.
 */
export interface RoundTripCount {
  roundTrips: number;
  statements: number;
}

export const ROUND_TRIPS_HEADER = 'X-Impulz-Db-Round-Trips';
export const STATEMENTS_HEADER = 'X-Impulz-Db-Statements';

const current = new AsyncLocalStorage<RoundTripCount>();

/** Runs `fn` with a fresh count and returns it with fn's result. */
export async function countRoundTrips<T>(fn: () => Promise<T>): Promise<{ result: T; count: RoundTripCount }> {
  const count: RoundTripCount = { roundTrips: 0, statements: 0 };
  const result = await current.run(count, fn);
  return { result, count };
}

const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|END)\b/i;

/**
 * Statements in a Hrana pipeline/cursor body: an execute is one, a batch counts its steps except
 * the BEGIN/COMMIT/ROLLBACK the client wraps around it; store_sql/close/sequence are not work.
 */
export function statementsIn(body: string): number {
  type Stmt = { sql?: string; sql_id?: number };
  type Batch = { steps?: { stmt?: Stmt }[] };
  const stored = new Map<number, string>();
  const counts = (stmt: Stmt | undefined) => !!stmt && !TRANSACTION_CONTROL.test(stmt.sql ?? stored.get(stmt.sql_id ?? -1) ?? '');
  const inBatch = (batch: Batch | undefined) => (batch?.steps ?? []).filter((step) => counts(step.stmt)).length;
  try {
    const parsed = JSON.parse(body) as { requests?: { type?: string; sql?: string; sql_id?: number; stmt?: Stmt; batch?: Batch }[]; batch?: Batch };
    if (parsed.batch) return inBatch(parsed.batch); // v3 cursor
    let n = 0;
    for (const r of parsed.requests ?? []) {
      if (r.type === 'store_sql' && r.sql_id !== undefined) stored.set(r.sql_id, r.sql ?? '');
      else if (r.type === 'execute' && counts(r.stmt)) n += 1;
      else if (r.type === 'batch') n += inBatch(r.batch);
    }
    return n;
  } catch {
    return 0;
  }
}

/**
 * A fetch for createClient({ fetch }) that counts into the current request's count. The Hrana
 * client posts a Request object per pipeline or cursor; the once-per-isolate version probe (GET)
 * is not counted.
 */
export const countingFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const count = current.getStore();
  const request = input instanceof Request ? input : new Request(input, init);
  if (count && request.method === 'POST') {
    count.roundTrips += 1;
    count.statements += statementsIn(await request.clone().text());
  }
  return fetch(request);
};
