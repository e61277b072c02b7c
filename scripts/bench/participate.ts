/**
 * Taking-part budgets (issue 17), against the built Worker under workerd and the local libSQL
 * server (loopback), on its own copy of the demo data:
 *  1. a page of the demo survey: bytes transferred with gzip (HTML + CSS + JS, static imports
 *     followed) ≤ 30 kB, JS ≤ 10 kB; first byte median ≤ 50 ms (50 requests);
 *  2. Lighthouse mobile: performance ≥ 95, accessibility 100 (system Chromium);
 *  3. 200 respondents at once complete the demo survey (code link → welcome → three pages →
 *     Versturen, as plain form posts): p99 per page (a post and the page it leads to) ≤ 200 ms;
 *     then every one of them is reconciled with the database (one completed response per token,
 *     token completed, no participation left) and the batched cube rebuilds are counted.
 *
 *   npm run bench -- participate          (or: npx astro build && npx tsx scripts/bench/participate.ts)
 *   env: RESPONDENTS=200, THINK_MS=0 (reading time before each post), LIGHTHOUSE=0 (skip it),
 *        RUNTIME=miniflare (default: the built Worker under Miniflare directly, as production serves
 *        it, APP_ENV production) or RUNTIME=wrangler (behind `wrangler dev` and its proxy Worker),
 *        BENCH_VERBOSE=1 (the Worker's log), PROFILE=1 (a CPU profile of the Worker while the
 *        respondents run: top functions and the shares of cube rebuilds, form model, rendering,
 *        saving; the .cpuprofile is kept in .tmp/profiles/ for Chrome DevTools)
 */
import { mkdirSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Client, createClient } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { cpuMs, loadAverage, perRequest, stackRoles } from '../lib/cpu-meter.ts';
import { inclusiveTime, profileInspector, topSelfTime } from '../lib/cpu-profile.ts';
import { startLocalStack } from '../lib/local-stack.ts';
import { DEMO_SURVEY_SID } from '../seed/surveys-burgerpeiling.ts';
import { createDb } from '../../src/server/db/client.ts';
import { BACKGROUND_BUILD, type BuildOptions, buildSurveyCube } from '../../src/server/services/analytics/build-survey-cube.ts';

/**
 * The longest stretch a cube build holds the thread (CPU ms between two returns to the event loop):
 * what every request of the isolate waits behind while a rebuild runs. Measured here in Node (V8,
 * as in workerd) with the Worker's libSQL client (web build) against the same libSQL server, as CPU
 * time, so it holds on a busy machine too. A read's CPU (its HTTP and decoding its rows) is counted
 * into the stretch that follows it (an upper bound: it awaits the network inside). Best of three.
 */
async function buildStretches(libsqlUrl: string, surveyId: number, opts: BuildOptions): Promise<{ longest: number; total: number; stretches: number }> {
  const client = createWebClient({ url: libsqlUrl });
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let best = { longest: Infinity, total: 0, stretches: 0 };
  try {
    for (let run = 0; run < 3; run++) {
      const stretches: number[] = [];
      let mark = cpu();
      const execute = client.execute.bind(client);
      const measuredExecute = async (stmt: Parameters<Client['execute']>[0]) => {
        stretches.push(cpu() - mark);
        const start = cpu();
        const result = await execute(stmt);
        // Decoding the rows and what follows up to the next await run as one stretch: the read's CPU is carried into it.
        mark = start;
        return result;
      };
      // A Proxy (the client keeps #private fields: its other methods run on the client itself).
      const measured = new Proxy(client, {
        get(target, prop) {
          if (prop === 'execute') return measuredExecute;
          const v = Reflect.get(target, prop, target) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
      const pause = async () => {
        stretches.push(cpu() - mark);
        await new Promise((r) => setTimeout(r, 0));
        mark = cpu();
      };
      await buildSurveyCube(createDb(measured), surveyId, { ...opts, pause });
      stretches.push(cpu() - mark);
      const longest = Math.max(...stretches);
      if (longest < best.longest) best = { longest, total: stretches.reduce((a, b) => a + b, 0), stretches: stretches.length };
    }
  } finally {
    client.close();
  }
  return best;
}

const RESPONDENTS = Number(process.env.RESPONDENTS ?? 200);
/**
 * THINK_MS=5000: each respondent reads for 0.4–1.6 × that (2–8 s) before every post, and starts
 * at a random moment within the first 2 × THINK_MS (people arriving, not a flood at one instant).
 */
const THINK_MS = Number(process.env.THINK_MS ?? 0);
const think = () => (THINK_MS ? new Promise((r) => setTimeout(r, THINK_MS * (0.4 + 1.2 * Math.random()))) : Promise.resolve());
const arrive = () => (THINK_MS ? new Promise((r) => setTimeout(r, 2 * THINK_MS * Math.random())) : Promise.resolve());
const RUNTIME = process.env.RUNTIME === 'wrangler' ? 'wrangler' : 'miniflare';
const agent = new Agent({ keepAlive: true, maxSockets: RESPONDENTS + 10 });

interface Fetched { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; ttfbMs: number; ms: number }
function http(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = httpRequest(url, { agent, method: opts.method ?? 'GET', headers: { 'accept-encoding': 'gzip', ...opts.headers } }, (res) => {
      const ttfbMs = performance.now() - start;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ttfbMs, ms: performance.now() - start }));
    });
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}
const text = (f: Fetched) => (f.headers['content-encoding'] === 'gzip' ? gunzipSync(f.body) : f.body).toString('utf8');
const gz = (f: Fetched) => (f.headers['content-encoding'] === 'gzip' ? f.body.length : gzipSync(f.body, { level: 6 }).length);
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const ok = (pass: boolean) => (pass ? '✔' : '✘');
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

/** One respondent's browser: a cookie jar and the hidden fields of the last form. */
class Respondent {
  jar = new Map<string, string>();
  html = '';
  pages: number[] = [];
  log: string[] = [];
  constructor(readonly origin: string, readonly surveyId: number, readonly token: string) {}
  private cookies() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  private keep(f: Fetched) {
    const set = f.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(pair.slice(0, i).trim());
      else this.jar.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
  }
  async get(path: string) {
    const f = await http(`${this.origin}${path}`, { headers: { cookie: this.cookies() } });
    this.keep(f);
    this.html = text(f);
    return f;
  }
  field(name: string) {
    return new RegExp(`name="${name}" value="([^"]*)"`).exec(this.html)?.[1] ?? '';
  }
  /** A form post and, after its 303, the page it leads to: the time a respondent waits for the next page. */
  async post(fields: Record<string, string>): Promise<number> {
    await think();
    const start = performance.now();
    const body = new URLSearchParams({ _csrf: this.field('_csrf'), page: this.field('page'), shown: this.field('shown'), lang: 'nl', ...fields }).toString();
    const f = await http(`${this.origin}/portal/meedoen/${this.surveyId}`, {
      method: 'POST', body, headers: { cookie: this.cookies(), 'content-type': 'application/x-www-form-urlencoded', origin: this.origin },
    });
    this.keep(f);
    const sentPage = new URLSearchParams(body).get('page');
    if (f.status === 303) await this.get(`/portal/meedoen/${this.surveyId}`);
    else this.html = text(f);
    if (f.status >= 500) this.log.push(`(${this.html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 160)})`);
    this.log.push(`${fields.action}@${sentPage}→${f.status}→page ${this.field('page')}`);
    const ms = performance.now() - start;
    this.pages.push(ms);
    return ms;
  }
  step = '';
  async complete() {
    await arrive();
    this.step = 'code';
    const link = await this.get(`/portal/meedoen/${this.surveyId}?code=${this.token}`);
    if (link.status !== 303) throw new Error(`code link answered ${link.status}: ${this.html.slice(0, 300)}`);
    this.step = 'welcome';
    await this.get(`/portal/meedoen/${this.surveyId}`);
    this.step = 'start';
    await this.post({ action: 'start' });
    this.step = 'page 1';
    await this.post({ action: 'next', leeftijd: 'A2', geslacht: 'V', wijk: 'W3', jarenwonen: '8' });
    this.step = 'page 2';
    await this.post({ action: 'next', buurt_SQ001: '4', buurt_SQ002: '3', rapportcijfer: '7', veilig_overdag: '1', problemen_SQ002: 'Y' });
    this.step = 'page 3';
    await this.post({ action: 'submit', tevredengemeente: '4', contact: 'N', aanbevelen: '8' });
    if (!this.html.includes('data-testid="participate-end"')) {
      const said = /<(?:p|div) class="(?:q-error|notice|summary)"[^>]*>([\s\S]{0,300})/.exec(this.html)?.[1]?.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      throw new Error(`respondent ${this.token} did not reach the end page (${this.step}; ${this.log.join(', ')}): ${said ?? this.html.slice(0, 200)}`);
    }
  }
}

const dir = `.tmp/bench-participate-${process.pid}`;
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
console.log(`load average vóór de start: ${loadAverage()} (1, 5, 15 min; 2 cores)`);
// The libSQL server in its own process (as Turso is its own machine): its CPU apart from the load generator's.
const stack = await startLocalStack({ dataDir: dir, verbose: process.env.BENCH_VERBOSE === '1', dbProcess: {}, runtime: RUNTIME, production: RUNTIME === 'miniflare' });
console.log(`Worker via ${RUNTIME === 'miniflare' ? 'Miniflare (APP_ENV production, geen proxy)' : 'wrangler dev (met zijn proxy-Worker)'}`);
const db = createClient({ url: stack.libsqlUrl });
try {
  const [survey] = (await db.execute({ sql: 'select id from surveys where ls_sid = ? and company_id = 1', args: [DEMO_SURVEY_SID] })).rows;
  const surveyId = Number(survey!.id);
  const tokens = (await db.execute({ sql: `select token from survey_tokens where survey_id = ? and completed = 'N' and email = '' order by id limit ?`, args: [surveyId, RESPONDENTS + 1] })).rows.map((r) => String(r.token));

  // 1. Page weight and first byte: page 1 of the form, as a respondent who has just begun.
  const probe = new Respondent(stack.url, surveyId, tokens.pop()!);
  await probe.get(`/portal/meedoen/${surveyId}?code=${probe.token}`);
  await probe.get(`/portal/meedoen/${surveyId}`);
  await probe.post({ action: 'start' });
  const pagePath = `/portal/meedoen/${surveyId}`;
  const page = await http(`${stack.url}${pagePath}`, { headers: { cookie: [...probe.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
  const html = text(page);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  const queue = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  const js = new Map<string, number>();
  while (queue.length) {
    const src = queue.shift()!;
    if (js.has(src)) continue;
    const f = await http(new URL(src, stack.url).href);
    js.set(src, gz(f));
    for (const m of text(f).matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w${},*\s]+from\s*)?["']([^"']+)["']/g)) queue.push(new URL(m[1]!, new URL(src, stack.url)).pathname);
  }
  let css = 0;
  for (const href of styles) css += gz(await http(new URL(href, stack.url).href));
  const jsBytes = [...js.values()].reduce((a, b) => a + b, 0);
  const total = gz(page) + css + jsBytes;
  const ttfb: number[] = [];
  for (let i = 0; i < 50; i++) ttfb.push((await http(`${stack.url}${pagePath}`, { headers: { cookie: [...probe.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })).ttfbMs);
  ttfb.sort((a, b) => a - b);
  console.log('Een pagina van de burgerpeiling (pagina 1, met code), overdracht met gzip:');
  console.log(`  HTML        ${kb(gz(page))} (${kb(Buffer.byteLength(html))} onverpakt)`);
  console.log(`  CSS         ${kb(css)} (${styles.length} bestand(en))`);
  console.log(`  JavaScript  ${kb(jsBytes)} (${js.size} bestand(en), niet nodig: de pagina werkt zonder)   budget 10 kB ${ok(jsBytes <= 10 * 1024)}`);
  for (const [src, n] of js) console.log(`    ${kb(n).padStart(9)}  ${src}`);
  console.log(`  Totaal      ${kb(total)}   budget 30 kB ${ok(total <= 30 * 1024)}`);
  console.log(`  Eerste byte mediaan ${pct(ttfb, 50).toFixed(1)} ms, p90 ${pct(ttfb, 90).toFixed(1)} ms (50 verzoeken)   budget 50 ms ${ok(pct(ttfb, 50) <= 50)}`);

  // 2. Lighthouse (mobile emulation and throttling are its defaults). LIGHTHOUSE=0 skips it.
  if (process.env.LIGHTHOUSE !== '0') {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const cookie = [...probe.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const run = async () => (await lighthouse(`${stack.url}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], extraHeaders: { Cookie: cookie } }))!.lhr;
    let lhr = await run();
    for (let attempt = 2; lhr.runtimeError && attempt <= 3; attempt++) lhr = await run();
    const perf = Math.round((lhr.categories.performance!.score ?? 0) * 100);
    const a11y = Math.round((lhr.categories.accessibility!.score ?? 0) * 100);
    const audit = (k: string) => lhr.audits[k]?.displayValue ?? '–';
    console.log(`  Lighthouse  mobiel prestaties ${perf} (budget 95 ${ok(perf >= 95)}), toegankelijkheid ${a11y} (budget 100 ${ok(a11y === 100)})`);
    console.log(`              FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}`);
    for (const [id, a] of Object.entries(lhr.audits)) if (a.score !== null && a.score < 1 && lhr.categories.accessibility!.auditRefs.some((r) => r.id === id && r.weight > 0)) console.log(`              toegankelijkheid: ${id} – ${a.title}`);
  } finally {
    chrome.kill();
  }
  }

  // The rebuild's hold on the thread: one pass (as before) and as the rebuild job builds.
  for (const [name, opts] of [['in één keer (5.000 rijen per lezing, geen pauzes)', {}], [`op de achtergrond (zoals de herbouwtaak: ${BACKGROUND_BUILD.pageRows} rijen per lezing, pauze per ${BACKGROUND_BUILD.pauseEvery} rijen)`, BACKGROUND_BUILD]] as const) {
    const b = await buildStretches(stack.libsqlUrl, surveyId, opts);
    console.log(`  kubus bouwen ${name}: langste aaneengesloten stuk ${b.longest.toFixed(1)} ms CPU (${b.stretches} stukken, samen ${b.total.toFixed(0)} ms; Node, CPU-tijd)`);
  }

  // 3. 200 respondents at once.
  const [versionBefore] = (await db.execute({ sql: 'select responses_version as v from surveys where id = ?', args: [surveyId] })).rows;
  const people = tokens.slice(0, RESPONDENTS).map((t) => new Respondent(stack.url, surveyId, t));
  const roles = stackRoles(stack.pids.wrangler, { 'libSQL-server': [stack.pids.libsql], 'belasting (respondenten)': [process.pid] }, stack.runtime);
  const PROFILE = process.env.PROFILE === '1';
  if (PROFILE) mkdirSync('.tmp/profiles', { recursive: true });
  const profile = PROFILE ? await profileInspector(stack.inspectorPort, '.tmp/profiles/workerd-participate.cpuprofile') : null;
  const loadBefore = loadAverage();
  const cpuBefore = cpuMs(roles);
  const started = performance.now();
  const outcomes = await Promise.allSettled(people.map((p) => p.complete()));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuMs(roles);
  const loadAfter = loadAverage();
  const failed = outcomes.filter((o) => o.status === 'rejected');
  const waits = people.flatMap((p) => p.pages).sort((a, b) => a - b);
  console.log(`${RESPONDENTS} respondenten tegelijk (code-link, welkom, 3 pagina's, versturen; gewone formulierposts; ${THINK_MS ? `bedenktijd ${(THINK_MS * 0.4) / 1000}–${(THINK_MS * 1.6) / 1000} s per pagina, start verspreid over ${(2 * THINK_MS) / 1000} s` : 'zonder bedenktijd'}):`);
  console.log(`  klaar in ${seconds.toFixed(1)} s; ${failed.length} mislukt${failed.length ? `: ${String((failed[0] as PromiseRejectedResult).reason).slice(0, 300)}` : ''}`);
  const steps = new Map<string, number>();
  const firstError = new Map<string, string>();
  for (const [i, o] of outcomes.entries()) {
    if (o.status !== 'rejected') continue;
    steps.set(people[i]!.step, (steps.get(people[i]!.step) ?? 0) + 1);
    if (!firstError.has(people[i]!.step)) firstError.set(people[i]!.step, String(o.reason).slice(0, 400));
  }
  if (steps.size) console.log(`  mislukt bij: ${[...steps].map(([k, v]) => `${k} ${v}×`).join(', ')}`);
  for (const [step, e] of firstError) console.log(`    ${step}: ${e}`);
  // Every page is a post and (after its 303) a GET; the code link and the welcome page are 2 more requests per respondent.
  const requests = waits.length * 2 + people.length * 2;
  console.log(`  ${(waits.length / seconds).toFixed(0)} pagina's/s (${(requests / seconds).toFixed(0)} HTTP-verzoeken/s); load average vóór / na: ${loadBefore} / ${loadAfter}`);
  console.log(`  CPU ms per HTTP-verzoek: ${perRequest(cpuBefore, cpuAfter, requests).text}`);
  const p = await profile?.stop();
  if (p) {
    const busy = topSelfTime(p, 1e9).reduce((sum, f) => sum + f.ms, 0);
    const share = (re: RegExp) => `${(inclusiveTime(p, re) * 100).toFixed(0)}%`;
    console.log(`  profiel workerd: ${(busy / requests).toFixed(2)} ms JavaScript per HTTP-verzoek in de isolate van de Worker; eigen tijd, aandeel:`);
    for (const f of topSelfTime(p, 12)) console.log(`    ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
    console.log(`    inclusief: kubus herbouwen (cubeRebuildJob) ${share(/^cubeRebuildJob$/)}, formuliermodel (loadFormModel) ${share(/^loadFormModel$/)}, respondent lezen (loadRespondent) ${share(/^loadRespondent$/)}, pagina tonen (viewParticipation) ${share(/^viewParticipation$/)}, opslaan (submitParticipation) ${share(/^submitParticipation$/)}, Astro render ${share(/^renderPage$/)}, hashToken ${share(/^hashToken$/)}`);
  }
  console.log(`  per pagina (post + volgende pagina, ${waits.length} keer): mediaan ${pct(waits, 50).toFixed(0)} ms, p90 ${pct(waits, 90).toFixed(0)} ms, p99 ${pct(waits, 99).toFixed(0)} ms, max ${waits.at(-1)!.toFixed(0)} ms   budget p99 200 ms ${ok(pct(waits, 99) <= 200)}`);

  // Reconcile with the database: exactly one completed response per respondent, nothing left over.
  const list = JSON.stringify(people.map((p) => p.token));
  const marks = 'select value from json_each(?2)';
  const [rec] = (await db.execute({
    sql: `select (select count(*) from survey_responses where survey_id = ?1 and token in (${marks}) and submit_date is not null) as completed,
      (select count(*) from survey_responses where survey_id = ?1 and token in (${marks})) as responses,
      (select count(distinct token) from survey_responses where survey_id = ?1 and token in (${marks})) as distinct_tokens,
      (select count(*) from survey_tokens where survey_id = ?1 and token in (${marks}) and completed <> 'N') as tokens_completed,
      (select count(*) from survey_participations p join survey_tokens t on t.id = p.token_id where t.token in (${marks})) as participations`,
    args: [surveyId, list],
  })).rows;
  const good = Number(rec!.completed) === RESPONDENTS && Number(rec!.responses) === RESPONDENTS && Number(rec!.distinct_tokens) === RESPONDENTS && Number(rec!.tokens_completed) === RESPONDENTS && Number(rec!.participations) === 0;
  console.log(`  database: ${rec!.completed} afgeronde responsen, ${rec!.responses} responsen, ${rec!.distinct_tokens} tokens, ${rec!.tokens_completed} tokens afgerond, ${rec!.participations} open deelnames   geen verloren of dubbele respons ${ok(good)}`);

  // The cube: batched rebuilds until nothing is pending.
  const deadline = Date.now() + 120_000;
  let state;
  for (;;) {
    [state] = (await db.execute({ sql: `select r.pending, r.scheduled, s.responses_version as v, (select count(*) from jobs where kind = 'participate.cube-rebuild') as jobs,
      (select coalesce(sum(json_extract(result, '$.rounds')), 0) from jobs where kind = 'participate.cube-rebuild' and status = 'done') as rounds,
      (select coalesce(sum(json_extract(result, '$.buildMs')), 0) from jobs where kind = 'participate.cube-rebuild' and status = 'done') as build_ms
      from survey_cube_rebuilds r join surveys s on s.id = r.survey_id where r.survey_id = ?`, args: [surveyId] })).rows;
    if ((Number(state?.pending) === 0 && !Number(state?.scheduled)) || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(`  kubus: ${state?.jobs} herbouwtaken, ${state?.rounds} herbouwrondes (samen ${state?.build_ms} ms) voor ${RESPONDENTS + 1} afgeronde responsen; responses_version ${versionBefore!.v} → ${state?.v}; nog in de wachtrij: ${state?.pending}`);
} finally {
  db.close();
  agent.destroy();
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
