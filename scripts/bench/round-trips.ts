/**
 * Round trips and latency of the main requests (issue 20), against the built Worker under workerd
 * and the local libSQL server, as production runs it (web client, HTTP per round trip).
 *
 * For each path: the database round trips and statements of one warm request (the Worker's
 * X-Impulz-Db-Round-Trips / X-Impulz-Db-Statements headers, development only), then the median and
 * p99 of N sequential requests — once as is, once with a simulated network latency per round trip
 * (the local server's delay, default 20 ms: a Cloudflare location to Turso), which is what users in
 * production feel. The bounded load test (autocannon, 50 connections, CPU per process) is
 * scripts/bench/concurrency.ts.
 *
 *   npx astro build && npx tsx scripts/bench/round-trips.ts [N=30] [DELAY_MS=20]
 */
import { mkdirSync, rmSync } from 'node:fs';
import { createClient } from '@libsql/client';
import { asc, eq } from 'drizzle-orm';
import { createDb } from '../../src/server/db/client';
import { reportCharts, reportDataLocations, reportSections } from '../../src/server/db/schema';
import { HttpSession } from '../../tests/helpers/http-session.ts';
import { startLocalStack } from '../lib/local-stack.ts';
import { DEMO_PASSWORD } from '../seed/data.ts';

const N = Number(process.argv[2] ?? 30);
const DELAY_MS = Number(process.argv[3] ?? 20);
const ROUND_TRIP_BUDGET = 2;
const REPORT = 1;
const dataBody = { benchmarks: [{ label: 'Totaal' }] };

const dir = `.tmp/bench-round-trips-${process.pid}`;
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const stack = await startLocalStack({ dataDir: dir });

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};

interface Path {
  name: string;
  /** Round trips allowed by the issue: 2, or 3 where a write follows a read. */
  budget: number;
  send(): Promise<Response>;
}

try {
  const client = createClient({ url: stack.libsqlUrl });
  const db = createDb(client);
  const [first] = await db
    .select({ chart: reportCharts.id, location: reportDataLocations.id, section: reportSections.id })
    .from(reportSections)
    .innerJoin(reportCharts, eq(reportCharts.sectionId, reportSections.id))
    .innerJoin(reportDataLocations, eq(reportDataLocations.chartId, reportCharts.id))
    .where(eq(reportSections.reportId, REPORT))
    .orderBy(asc(reportSections.order), asc(reportCharts.order), asc(reportDataLocations.order))
    .limit(1);
  client.close();
  if (!first) throw new Error(`rapportage ${REPORT} heeft geen grafieken`);

  const staff = new HttpSession((url, init) => fetch(url, init), stack.url);
  const login = await staff.login('beheerder@demo.impulz.nl', DEMO_PASSWORD);
  if (login.status !== 200) throw new Error(`inloggen: ${login.status}`);

  // A respondent's code for the participation page (the welcome page of the demo burgerpeiling).
  const surveys = (await (await staff.get('/portal/api/v2/survey/index-items')).json()) as { data: { id: number; displayTitle: string }[] };
  const surveyId = surveys.data.find((s) => s.displayTitle.startsWith('Burgerpeiling Zuiderhaven'))!.id;
  const tokens = (await (await staff.get(`/portal/api/v2/survey/${surveyId}/token?per_page=1&page=200&completed=N`)).json()) as { data: { token: string }[] };
  const respondent = new HttpSession((url, init) => fetch(url, init), stack.url);
  const entered = await respondent.get(`/portal/meedoen?code=${encodeURIComponent(tokens.data[0]!.token)}`);
  if (entered.status !== 303) throw new Error(`code invoeren: ${entered.status}`);

  const anonymous = new HttpSession((url, init) => fetch(url, init), stack.url);
  const data = `/portal/api/v2/data/1/nl/report/${REPORT}`;
  // The benchmark menu's sync with an option chosen in (up to) two categories, as a user ticks them.
  const menu = (await (await staff.get(`/portal/api/v2/report/${REPORT}/filterOption`)).json()) as { data: { filterCategories: { filterOptions: { id: number }[] }[] } };
  const chosen = menu.data.filterCategories.filter((c) => c.filterOptions.length).slice(0, 2).map((c) => c.filterOptions[0]!.id);
  const paths: Path[] = [
    {
      name: 'inloggen',
      budget: 3,
      send: async () => {
        const s = new HttpSession((url, init) => fetch(url, init), stack.url);
        await s.csrf();
        return s.post('/portal/auth/login', { email: 'beheerder@demo.impulz.nl', password: DEMO_PASSWORD });
      },
    },
    { name: 'bootstrap', budget: ROUND_TRIP_BUDGET, send: () => staff.get('/portal/api/v2/bootstrap') },
    { name: 'voorpagina', budget: ROUND_TRIP_BUDGET, send: () => staff.get('/portal/') },
    { name: 'projectpagina', budget: ROUND_TRIP_BUDGET, send: () => staff.get('/portal/project/1') },
    { name: 'rapportpagina', budget: ROUND_TRIP_BUDGET, send: () => staff.get(`/portal/report/${REPORT}`) },
    { name: 'data: rapportage', budget: ROUND_TRIP_BUDGET, send: () => staff.post(data, dataBody) },
    { name: 'data: grafiek', budget: ROUND_TRIP_BUDGET, send: () => staff.post(`${data}/chart/${first.chart}`, dataBody) },
    { name: 'data: datalocatie', budget: ROUND_TRIP_BUDGET, send: () => staff.post(`${data}/dataLocation/${first.location}`, dataBody) },
    { name: 'filtermenu', budget: ROUND_TRIP_BUDGET, send: () => staff.get(`/portal/api/v2/report/${REPORT}/filterOption`) },
    // The call the benchmark menu makes on every tick: the counts for the options chosen so far.
    { name: 'filtermenu: synchroniseren', budget: ROUND_TRIP_BUDGET, send: () => staff.post(`/portal/api/v2/report/${REPORT}/filterCategory`, { selectedFilterOptions: chosen }) },
    { name: 'publieke rapportage', budget: ROUND_TRIP_BUDGET, send: () => anonymous.get(`/portal/public/report/${REPORT}`) },
    // The read, then the export's audit row: a write after a read.
    { name: 'pdf-export', budget: 3, send: () => staff.post(`/portal/api/v2/report/${REPORT}/export`, dataBody) },
    { name: 'meedoen (welkom)', budget: ROUND_TRIP_BUDGET, send: () => respondent.get(`/portal/meedoen/${surveyId}`) },
  ];

  const measure = async (path: Path, n: number) => {
    const times: number[] = [];
    let trips = Number.NaN;
    let statements = Number.NaN;
    let status = 0;
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const res = await path.send();
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      status = res.status;
      trips = Number(res.headers.get('x-impulz-db-round-trips') ?? Number.NaN);
      statements = Number(res.headers.get('x-impulz-db-statements') ?? Number.NaN);
    }
    return { trips, statements, status, median: percentile(times, 50), p99: percentile(times, 99) };
  };

  const rows: string[][] = [];
  let overBudget = 0;
  for (const path of paths) {
    // Login is throttled per IP on failures only, but keep its sample small anyway.
    const n = path.name === 'inloggen' ? Math.min(N, 10) : N;
    await measure(path, 2); // warm: isolate caches, cube, edge cache of the public view
    stack.setDbDelay(0);
    const quiet = await measure(path, n);
    stack.setDbDelay(DELAY_MS);
    const delayed = await measure(path, Math.max(5, Math.round(n / 3)));
    stack.setDbDelay(0);
    const within = quiet.trips <= path.budget;
    if (!within) overBudget++;
    rows.push([
      path.name,
      String(quiet.status),
      `${quiet.trips} ${within ? '✔' : '✘'} (≤ ${path.budget})`,
      String(quiet.statements),
      `${quiet.median.toFixed(1)} / ${quiet.p99.toFixed(1)}`,
      `${delayed.median.toFixed(1)} / ${delayed.p99.toFixed(1)}`,
    ]);
  }
  const head = ['verzoek', 'status', 'round trips', 'statements', 'ms mediaan / p99', `ms met ${DELAY_MS} ms per round trip`];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`Round trips per verzoek (warm, demo-Beheerder, ${N} keer achter elkaar; budget ${ROUND_TRIP_BUDGET}, 3 bij schrijven na lezen):`);
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  console.log(`${paths.length - overBudget} van ${paths.length} verzoeken binnen het budget.`);

  console.log('\nBelasting (50 gelijktijdige verbindingen, CPU per proces per verzoek): npm run bench -- concurrency');
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
