/**
 * Throughput under concurrency (issues 20 and 17): a bounded loopback load test of the hot paths
 * against the built Worker under workerd, with the local libSQL server in its OWN Node process
 * (as Turso is its own machine), and where the CPU goes per request.
 *
 * Per path: autocannon with CONNECTIONS connections for SECONDS s (after a short warm-up), then
 * requests/s, p50, p99, errors, and the CPU milliseconds per request of each process — workerd,
 * wrangler's Node process, the libSQL server and this process (the load generator) — from
 * /proc/<pid>/stat, with the machine's load average before and after. All four share the machine's
 * cores: requests/s × CPU ms per request ≈ the cores busy, so the CPU cost per request is what
 * decides the throughput, and the queue behind it the p99.
 *
 *   npm run bench -- concurrency          (or: npx astro build && npx tsx scripts/bench/concurrency.ts)
 *   env: CONNECTIONS=50, LOAD_SECONDS=8, PATHS=status,bootstrap,data,public,meedoen (a subset; status = the floor: session check only),
 *        PROFILE=1 (CPU profiles of workerd and the libSQL server per path, top functions printed,
 *        .cpuprofile files kept in .tmp/profiles/ for Chrome DevTools),
 *        RUNTIME=miniflare (default: the built Worker under Miniflare directly, as production serves
 *        it) or RUNTIME=wrangler (behind `wrangler dev` and its proxy Worker, as measured before),
 *        ENTRY=direct (default with miniflare: a socket straight to the Worker, as Cloudflare's front
 *        line and asset router run outside it) or ENTRY=miniflare (through Miniflare's entry worker,
 *        assets RPC proxy, router and asset worker: ~1.6 ms workerd CPU per request more),
 *        APP_ENV=production (default with miniflare: no round-trip counting wrapper, as at Cloudflare;
 *        the warm line then has no counts — they come from `round-trips`) or APP_ENV=development
 */
import { mkdirSync, rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { createClient } from '@libsql/client';
import { HttpSession } from '../../tests/helpers/http-session.ts';
import { type CpuProfile, inclusiveTime, profileInspector, topSelfTime } from '../lib/cpu-profile.ts';
import { cpuMs, loadAverage, perRequest, stackRoles } from '../lib/cpu-meter.ts';
import { startLocalStack } from '../lib/local-stack.ts';
import { freePort } from '../lib/worker-process.ts';
import { DEMO_PASSWORD } from '../seed/data.ts';
import { DEMO_SURVEY_SID } from '../seed/surveys-burgerpeiling.ts';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 8);
const PROFILE = process.env.PROFILE === '1';
const RUNTIME = process.env.RUNTIME === 'wrangler' ? 'wrangler' : 'miniflare';
const PRODUCTION = RUNTIME === 'miniflare' && process.env.APP_ENV !== 'development';
const DIRECT = RUNTIME === 'miniflare' && process.env.ENTRY !== 'miniflare';
const WANTED = (process.env.PATHS ?? 'status,bootstrap,data,public,meedoen').split(',');
const P99_BUDGET_MS = 100;
const REPORT = 1;

const dir = `.tmp/bench-concurrency-${process.pid}`;
const profiles = '.tmp/profiles';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
if (PROFILE) mkdirSync(profiles, { recursive: true });
const dbInspector = PROFILE ? await freePort() : 0;
console.log(`load average vóór de start: ${loadAverage()} (1, 5, 15 min; 2 cores)`);
const stack = await startLocalStack({ dataDir: dir, runtime: RUNTIME, production: PRODUCTION, direct: DIRECT, dbProcess: { nodeArgs: PROFILE ? [`--inspect=127.0.0.1:${dbInspector}`] : [] } });

try {
  const staff = new HttpSession((url, init) => fetch(url, init), stack.url);
  if ((await staff.login('beheerder@demo.impulz.nl', DEMO_PASSWORD)).status !== 200) throw new Error('inloggen mislukt');
  const db = createClient({ url: stack.libsqlUrl });
  const [survey] = (await db.execute({ sql: 'select id from surveys where ls_sid = ? and company_id = 1', args: [DEMO_SURVEY_SID] })).rows;
  const surveyId = Number(survey!.id);
  const [token] = (await db.execute({ sql: `select token from survey_tokens where survey_id = ? and completed = 'N' order by id desc limit 1`, args: [surveyId] })).rows;
  db.close();
  const respondent = new HttpSession((url, init) => fetch(url, init), stack.url);
  if ((await respondent.get(`/portal/meedoen/${surveyId}?code=${encodeURIComponent(String(token!.token))}`)).status !== 303) throw new Error('code invoeren mislukt');

  const jar = (s: HttpSession) => [...s.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  type Load = { key: string; name: string; method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };
  const all: Load[] = [
    // The floor: the session check and the middleware, no other database work.
    { key: 'status', name: 'login/status (vloer)', method: 'GET', path: '/portal/auth/login/status', headers: { cookie: jar(staff) } },
    { key: 'bootstrap', name: 'bootstrap', method: 'GET', path: '/portal/api/v2/bootstrap', headers: { cookie: jar(staff) } },
    {
      key: 'data',
      name: 'data: rapportage',
      method: 'POST',
      path: `/portal/api/v2/data/1/nl/report/${REPORT}`,
      headers: { cookie: jar(staff), 'x-xsrf-token': decodeURIComponent(staff.cookies.get('XSRF-TOKEN') ?? ''), origin: stack.url, 'content-type': 'application/json' },
      body: JSON.stringify({ benchmarks: [{ label: 'Totaal' }] }),
    },
    { key: 'public', name: 'publieke rapportage', method: 'GET', path: `/portal/public/report/${REPORT}`, headers: {} },
    { key: 'meedoen', name: 'meedoen (welkom)', method: 'GET', path: `/portal/meedoen/${surveyId}`, headers: { cookie: jar(respondent) } },
  ];
  const loads = all.filter((l) => WANTED.includes(l.key));

  const roles = stackRoles(stack.pids.wrangler, { 'libSQL-server': [stack.pids.libsql], 'belasting (autocannon)': [process.pid] }, stack.runtime);
  console.log(`\n${CONNECTIONS} gelijktijdige verbindingen, ${SECONDS} s per verzoek, loopback, Worker via ${RUNTIME}${DIRECT ? ' (directe socket)' : ''}${PRODUCTION ? ' (APP_ENV production)' : ''}; workerd, ${RUNTIME}, de libSQL-server en autocannon delen de cores.`);
  const summary: string[] = [];
  for (const load of loads) {
    const run = (duration: number) =>
      autocannon({ url: `${stack.url}${load.path}`, method: load.method, headers: load.headers, body: load.body, connections: CONNECTIONS, duration });
    // Warm, one request at a time (cube, isolate caches, edge cache of the public view), then a
    // short burst for the JIT; a pause lets the burst's last requests finish before measuring.
    let warm = '';
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${stack.url}${load.path}`, { method: load.method, headers: load.headers, body: load.body });
      if (res.status !== 200) throw new Error(`${load.name}: ${res.status}`);
      const bytes = (await res.arrayBuffer()).byteLength;
      const counts = PRODUCTION ? 'round trips niet geteld (APP_ENV production; zie npm run bench -- round-trips)' : `${res.headers.get('x-impulz-db-round-trips')} round trips, ${res.headers.get('x-impulz-db-statements')} statements`;
      warm = `warm: ${counts}, ${(bytes / 1024).toFixed(1)} kB`;
    }
    await run(1);
    await new Promise((r) => setTimeout(r, 1000));
    const workerProfile = PROFILE ? await profileInspector(stack.inspectorPort, `${profiles}/workerd-${load.key}.cpuprofile`) : null;
    const dbProfile = PROFILE ? await profileInspector(dbInspector, `${profiles}/libsql-${load.key}.cpuprofile`) : null;
    const loadBefore = loadAverage();
    const before = cpuMs(roles);
    const result = await run(SECONDS);
    const after = cpuMs(roles);
    const loadAfter = loadAverage();
    const errors = result.errors + result.timeouts + result.non2xx;
    const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => `${code}×${stat?.count ?? 0}`).join(' ');
    const cpu = perRequest(before, after, result.requests.total);
    const budget = load.key === 'data' ? `   budget p99 ≤ ${P99_BUDGET_MS} ms zonder fouten ${result.requests.total > 0 && errors === 0 && result.latency.p99 <= P99_BUDGET_MS ? '✔' : '✘'}` : '';
    console.log(`\n  ${load.name}: ${result.requests.total} verzoeken, ${(result.requests.total / SECONDS).toFixed(0)}/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, fouten ${errors} (time-outs ${result.timeouts}, statussen ${statuses})${budget}`);
    console.log(`    ${warm}`);
    console.log(`    CPU ms per verzoek: ${cpu.text}`);
    console.log(`    load average vóór / na: ${loadBefore} / ${loadAfter}`);
    summary.push(`${load.name}: ${(result.requests.total / SECONDS).toFixed(0)}/s p50 ${result.latency.p50} p99 ${result.latency.p99} ms, CPU ${cpu.total.toFixed(1)} ms/verzoek`);
    for (const [label, p] of [['workerd', await workerProfile?.stop()], ['libSQL-server', await dbProfile?.stop()]] as [string, CpuProfile | undefined][]) {
      if (!p) continue;
      const busy = topSelfTime(p, 1e9).reduce((sum, f) => sum + f.ms, 0);
      console.log(`    profiel ${label}: ${(busy / Math.max(1, result.requests.total)).toFixed(2)} ms JavaScript per verzoek${label === 'workerd' ? ' in de isolate van de Worker (de rest van workerd: HTTP, wrangler-proxy, assets)' : ''}; eigen tijd, aandeel:`);
      for (const f of topSelfTime(p, 12)) console.log(`      ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
      if (label === 'workerd') {
        const share = (re: RegExp) => `${(inclusiveTime(p, re) * 100).toFixed(0)}%`;
        console.log(`      inclusief: engine (computeReportData) ${share(/^computeReportData$/)}, column texts ${share(/^columnTextsOf$/)}, drizzle SQL bouwen ${share(/^(buildQueryFromSourceParams|sqlToQuery|toSQL|getSQL)$/)}, JSON.stringify ${share(/^stringify$/)}, hashToken ${share(/^hashToken$/)}, Astro render ${share(/^renderPage$/)}`);
      }
    }
  }
  console.log(`\nSamenvatting (load average nu ${loadAverage()}):`);
  for (const s of summary) console.log(`  ${s}`);
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
