/**
 * Which queries make a request's database round trips (issue 20): runs API requests as the demo
 * Beheerder through the Hono app with the web client against the local libSQL server (the
 * production code path minus Astro's pages) and prints every round trip with its SQL.
 *
 *   npx tsx scripts/trace-round-trips.ts 'GET /portal/api/v2/bootstrap' \
 *     'POST /portal/api/v2/data/1/nl/report/1 {"benchmarks":[{"label":"Totaal"}]}'
 *
 * The demo database is made once in .tmp/trace-round-trips/ (delete it after a migration).
 * Pages (front page, report page) are counted by the built Worker: see scripts/bench/round-trips.ts.
 */
import { existsSync } from 'node:fs';
import { createClient } from '@libsql/client/web';
import { createApp } from '../src/server/app';
import type { Bindings } from '../src/server/env';
import { createDb } from '../src/server/db/client';
import { HttpSession } from '../tests/helpers/http-session.ts';
import { startLibsqlServer } from './libsql-server.ts';
import { migrateDatabase } from './migrate.ts';
import { seedDatabase } from './seed.ts';
import { DEMO_PASSWORD } from './seed/data.ts';

const requests = process.argv.slice(2).map((arg) => {
  const m = /^(GET|POST|PUT|DELETE)\s+(\S+)(?:\s+(.+))?$/s.exec(arg);
  if (!m) throw new Error(`Verwacht 'METHOD /pad [json]', niet ${JSON.stringify(arg)}`);
  return { method: m[1]!, path: m[2]!, body: m[3] ? (JSON.parse(m[3]) as unknown) : undefined };
});
if (!requests.length) throw new Error("Geef één of meer verzoeken, bv. 'GET /portal/api/v2/bootstrap'");

const file = '.tmp/trace-round-trips/portal.db';
const fresh = !existsSync(file);
const server = await startLibsqlServer({ file, port: 0 });
if (fresh) {
  await migrateDatabase(server.url);
  await seedDatabase(server.url);
}

type HranaRequest = { type?: string; sql?: string; stmt?: { sql?: string }; batch?: { steps?: unknown[] } };
let trace: string[] | null = null;
const tracingFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(input, init);
  if (trace && request.method === 'POST') {
    const body = JSON.parse(await request.clone().text()) as { requests?: HranaRequest[] };
    const parts = (body.requests ?? []).flatMap((r) =>
      r.type === 'execute' ? [r.stmt?.sql ?? ''] : r.type === 'store_sql' ? [r.sql ?? ''] : r.type === 'batch' ? [`(batch van ${r.batch?.steps?.length ?? 0} stappen)`] : [],
    );
    trace.push(parts.map((sql) => sql.replace(/\s+/g, ' ').slice(0, 140)).join('\n      ') || '(alleen sluiten)');
  }
  return fetch(request);
};

const db = createDb(createClient({ url: server.url, fetch: tracingFetch }));
const app = createApp({ db: () => db });
const env = { APP_ENV: 'development', LIBSQL_URL: server.url } as Bindings;
const session = new HttpSession((url, init) => Promise.resolve(app.request(url, init, env)), 'http://localhost');
try {
  const login = await session.login('beheerder@demo.impulz.nl', DEMO_PASSWORD);
  if (login.status !== 200) throw new Error(`inloggen: ${login.status}`);
  for (const r of requests) {
    trace = [];
    const res = await session.fetch(r.path, { method: r.method, json: r.body });
    console.log(`\n${r.method} ${r.path} → ${res.status}: ${trace.length} round trips`);
    trace.forEach((t, i) => console.log(`  ${String(i + 1).padStart(2)}. ${t}`));
    trace = null;
  }
} finally {
  await server.close();
}
