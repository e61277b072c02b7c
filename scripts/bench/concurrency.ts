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
 *        the warm line then has no counts — they come from `round-trips`) or APP_ENV=development,
 *        ISOLATES=n (default 1; miniflare only): n Worker processes, each its own workerd with one
 *        isolate (one thread), its own socket and caches, all on the same libSQL server and the same
 *        persisted R2/Cache state; each warmed on its own, then n autocannon instances run at the
 *        same time with CONNECTIONS/n connections each against their own isolate, and p50/p99 are
 *        taken over every request's latency together (exact, not averaged per instance).
 *
 * One isolate taking all connections is the worst case (one thread does all the work). At
 * Cloudflare concurrent requests are spread over many isolates on many machines; ISOLATES=n shows
 * that spreading — bounded by this machine: n workerd, the libSQL server and the load generator
 * share its cores (2 here), so n above the core count measures the queue for the cores.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { createClient } from '@libsql/client';
import { HttpSession } from '../../tests/helpers/http-session.ts';
import { type CpuProfile, inclusiveTime, profileInspector, topSelfTime } from '../lib/cpu-profile.ts';
import { type CpuRoles, cpuMs, loadAverage, perRequest, stackRoles } from '../lib/cpu-meter.ts';
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
const ISOLATES = Math.max(1, Math.floor(Number(process.env.ISOLATES ?? 1)) || 1);
const CORES = availableParallelism();
if (ISOLATES > 1 && RUNTIME !== 'miniflare') throw new Error('ISOLATES > 1 needs RUNTIME=miniflare');
if (ISOLATES > CONNECTIONS) throw new Error('ISOLATES may not exceed CONNECTIONS');
const P99_BUDGET_MS = 100;
const REPORT = 1;

const dir = `.tmp/bench-concurrency-${process.pid}`;
const profiles = '.tmp/profiles';
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
if (PROFILE) mkdirSync(profiles, { recursive: true });
const dbInspector = PROFILE ? await freePort() : 0;
console.log(`load average vóór de start: ${loadAverage()} (1, 5, 15 min; ${CORES} cores)`);
const stack = await startLocalStack({ dataDir: dir, runtime: RUNTIME, production: PRODUCTION, direct: DIRECT, isolates: ISOLATES, dbProcess: { nodeArgs: PROFILE ? [`--inspect=127.0.0.1:${dbInspector}`] : [] } });

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

  // CPU per process: each isolate's workerd on its own line (ISOLATES > 1), Miniflare's Node
  // processes together, the libSQL server, and this process (the autocannon instances).
  const roles: CpuRoles =
    ISOLATES === 1
      ? stackRoles(stack.pids.wrangler, { 'libSQL-server': [stack.pids.libsql], 'belasting (autocannon)': [process.pid] }, stack.runtime)
      : (() => {
          const perIsolate = stack.workers.map((w) => stackRoles(w.pid, {}, 'miniflare'));
          return {
            ...Object.fromEntries(perIsolate.map((r, i) => [`workerd ${i + 1}`, r['workerd (Worker)'] ?? []])),
            'Miniflare (Node)': perIsolate.flatMap((r) => r['Miniflare (Node)'] ?? []),
            'libSQL-server': [stack.pids.libsql],
            'belasting (autocannon)': [process.pid],
          };
        })();
  // CONNECTIONS spread over the isolates as evenly as whole connections allow (50 over 2: 25 + 25).
  const split = stack.workers.map((_, i) => Math.floor(CONNECTIONS / ISOLATES) + (i < CONNECTIONS % ISOLATES ? 1 : 0));
  console.log(`\n${CONNECTIONS} gelijktijdige verbindingen, ${SECONDS} s per verzoek, loopback, Worker via ${RUNTIME}${DIRECT ? ' (directe socket)' : ''}${PRODUCTION ? ' (APP_ENV production)' : ''}; workerd, ${RUNTIME}, de libSQL-server en autocannon delen de cores.`);
  console.log(
    ISOLATES === 1
      ? `1 isolate (één workerd, één thread) neemt alle ${CONNECTIONS} verbindingen: het slechtste geval. Machine: ${CORES} cores. ISOLATES=n spreidt over n isolates.`
      : `${ISOLATES} isolates (${ISOLATES} workerd-processen, elk één isolate = één thread, eigen socket en caches, allemaal op dezelfde libSQL-server en R2-state), verbindingen ${split.join(' + ')}; p50/p99 over alle verzoeken samen.\n` +
          `Machine: ${CORES} cores, gedeeld door ${ISOLATES} workerd, de libSQL-server en autocannon (en wat er verder draait: zie de load average) — dit meet de spreiding over isolates, begrensd door deze machine; bij Cloudflare heeft elke isolate zijn eigen CPU.`,
  );
  const summary: string[] = [];
  for (const load of loads) {
    // The Origin of a same-origin call is the isolate's own (each has its own port).
    const headersFor = (origin: string) => (load.headers.origin ? { ...load.headers, origin } : load.headers);
    // One autocannon instance per isolate, all at once; every answered request's latency is kept
    // (2xx only, as autocannon's own histogram), so the percentiles are those of all requests.
    const run = async (duration: number) => {
      const latencies: number[][] = stack.workers.map(() => []);
      const results = await Promise.all(
        stack.workers.map(
          (w, i) =>
            new Promise<autocannon.Result>((ok, fail) => {
              const options = { url: `${w.url}${load.path}`, method: load.method, headers: headersFor(w.url), body: load.body, connections: split[i]!, duration };
              autocannon(options, (err, result) => (err ? fail(err) : ok(result))).on('response', (_client, status, _bytes, ms) => {
                if (status >= 200 && status < 300) latencies[i]!.push(ms);
              });
            }),
        ),
      );
      const statuses: Record<string, number> = {};
      for (const r of results) for (const [code, stat] of Object.entries(r.statusCodeStats ?? {})) statuses[code] = (statuses[code] ?? 0) + (stat?.count ?? 0);
      return {
        requests: results.reduce((sum, r) => sum + r.requests.total, 0),
        timeouts: results.reduce((sum, r) => sum + r.timeouts, 0),
        errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
        statuses: Object.entries(statuses).map(([code, count]) => `${code}×${count}`).join(' '),
        ...percentiles(latencies.flat()),
        firstIsolate: results[0]!.requests.total,
        perIsolate: results.map((r, i) => ({ requests: r.requests.total, ...percentiles(latencies[i]!) })),
      };
    };
    // Warm each isolate, one request at a time (cube, isolate caches, edge cache of the public
    // view) and one isolate after the other (they share the persisted R2/Cache state), then a
    // short burst on all of them for the JIT; a pause lets its last requests finish before measuring.
    let warm = '';
    for (const w of stack.workers) {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${w.url}${load.path}`, { method: load.method, headers: headersFor(w.url), body: load.body });
        if (res.status !== 200) throw new Error(`${load.name}: ${res.status}`);
        const bytes = (await res.arrayBuffer()).byteLength;
        const counts = PRODUCTION ? 'round trips niet geteld (APP_ENV production; zie npm run bench -- round-trips)' : `${res.headers.get('x-impulz-db-round-trips')} round trips, ${res.headers.get('x-impulz-db-statements')} statements`;
        warm = `warm: ${counts}, ${(bytes / 1024).toFixed(1)} kB`;
      }
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
    const cpu = perRequest(before, after, result.requests);
    const budget = load.key === 'data' ? `   budget p99 ≤ ${P99_BUDGET_MS} ms zonder fouten ${result.requests > 0 && result.errors === 0 && result.p99 <= P99_BUDGET_MS ? '✔' : '✘'}` : '';
    console.log(`\n  ${load.name}: ${result.requests} verzoeken, ${(result.requests / SECONDS).toFixed(0)}/s, p50 ${result.p50} ms, p99 ${result.p99} ms, fouten ${result.errors} (time-outs ${result.timeouts}, statussen ${result.statuses})${budget}`);
    if (ISOLATES > 1) {
      const own = result.perIsolate.map((r, i) => `${i + 1}: ${r.requests} verzoeken, p50 ${r.p50} p99 ${r.p99} ms, workerd ${((after[`workerd ${i + 1}`]! - before[`workerd ${i + 1}`]!) / Math.max(1, r.requests)).toFixed(2)} ms CPU per eigen verzoek`);
      console.log(`    per isolate: ${own.join('; ')}`);
    }
    console.log(`    ${warm}`);
    console.log(`    CPU ms per verzoek: ${cpu.text}`);
    console.log(`    load average vóór / na: ${loadBefore} / ${loadAfter}`);
    summary.push(`${load.name}: ${(result.requests / SECONDS).toFixed(0)}/s p50 ${result.p50} p99 ${result.p99} ms, CPU ${cpu.total.toFixed(1)} ms/verzoek`);
    for (const [label, p] of [['workerd', await workerProfile?.stop()], ['libSQL-server', await dbProfile?.stop()]] as [string, CpuProfile | undefined][]) {
      if (!p) continue;
      const busy = topSelfTime(p, 1e9).reduce((sum, f) => sum + f.ms, 0);
      const requests = label === 'workerd' ? result.firstIsolate : result.requests; // only isolate 1's workerd is profiled
      console.log(`    profiel ${label}${label === 'workerd' && ISOLATES > 1 ? ' (isolate 1)' : ''}: ${(busy / Math.max(1, requests)).toFixed(2)} ms JavaScript per verzoek${label === 'workerd' ? ' in de isolate van de Worker (de rest van workerd: HTTP, wrangler-proxy, assets)' : ''}; eigen tijd, aandeel:`);
      for (const f of topSelfTime(p, 12)) console.log(`      ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
      if (label === 'workerd') {
        const share = (re: RegExp) => `${(inclusiveTime(p, re) * 100).toFixed(0)}%`;
        console.log(`      inclusief: engine (computeReportData) ${share(/^computeReportData$/)}, column texts ${share(/^columnTextsOf$/)}, drizzle SQL bouwen ${share(/^(buildQueryFromSourceParams|sqlToQuery|toSQL|getSQL)$/)}, JSON.stringify ${share(/^stringify$/)}, hashToken ${share(/^hashToken$/)}, Astro render ${share(/^renderPage$/)}`);
      }
    }
  }
  console.log(`\nSamenvatting (${ISOLATES} isolate${ISOLATES > 1 ? 's' : ''}, ${CONNECTIONS} verbindingen, ${CORES} cores; load average nu ${loadAverage()}):`);
  for (const s of summary) console.log(`  ${s}`);
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}

/** p50 and p99 (nearest rank) of every latency, in whole ms truncated, as autocannon's histogram keeps them. */
function percentiles(ms: number[]): { p50: number; p99: number } {
  const sorted = Float64Array.from(ms).sort();
  const at = (p: number) => (sorted.length ? Math.floor(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!) : 0);
  return { p50: at(50), p99: at(99) };
}
