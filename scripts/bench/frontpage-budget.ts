/**
 * Front-page budget (issue 4): as the demo Gebruiker, fetch the front page and every script and
 * stylesheet it loads (following static imports of module scripts), sum their gzip sizes, and time
 * 50 requests of the page to the first byte. Budgets: ≤ 100 kB total, ≤ 40 kB JS, TTFB median ≤ 50 ms.
 *
 *   npx astro build && npx tsx scripts/bench/frontpage-budget.ts
 */
import { request as httpRequest } from 'node:http';
import { mkdirSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { DEMO_PASSWORD } from '../seed/data.ts';
import { startLocalStack } from '../lib/local-stack.ts';

interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ttfbMs: number;
}

/** Raw HTTP (no automatic decompression), so the bytes on the wire can be counted. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = httpRequest(url, { method, headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
      const ttfbMs = performance.now() - start;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ttfbMs }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** Bytes transferred with gzip: as sent when the server compressed, else gzip -6 like the edge. */
function gzipBytes(f: Fetched): { bytes: number; compressedByServer: boolean } {
  if (f.headers['content-encoding'] === 'gzip') return { bytes: f.body.length, compressedByServer: true };
  return { bytes: gzipSync(f.body, { level: 6 }).length, compressedByServer: false };
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
function keepCookies(jar: Map<string, string>, f: Fetched) {
  const set = f.headers['set-cookie'];
  for (const line of Array.isArray(set) ? set : set ? [set] : []) {
    const [pair = ''] = line.split(';');
    const i = pair.indexOf('=');
    jar.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
  }
}

const dir = `.tmp/bench-frontpage-${process.pid}`;
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const stack = await startLocalStack({ dataDir: dir });
const origin = stack.url;

try {
  const jar = new Map<string, string>();
  keepCookies(jar, await get(`${origin}/portal/auth/csrf-cookie`));
  const login = await get(
    `${origin}/portal/auth/login`,
    { 'content-type': 'application/json', origin, cookie: cookieHeader(jar), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') },
    'POST',
    JSON.stringify({ email: 'gebruiker@demo.impulz.nl', password: DEMO_PASSWORD }),
  );
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  keepCookies(jar, login);
  const auth = { cookie: cookieHeader(jar) };

  const page = await get(`${origin}/portal/`, auth);
  if (page.status !== 200) throw new Error(`front page answered ${page.status}`);
  const html = (page.headers['content-encoding'] === 'gzip' ? (await import('node:zlib')).gunzipSync(page.body) : page.body).toString('utf8');

  const scripts = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!));
  const styles = new Set([...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!));
  // Module scripts pull their static imports at once; dynamic import() chunks load on interaction.
  const queue = [...scripts];
  const js = new Map<string, number>();
  let serverGzip = false;
  while (queue.length) {
    const src = queue.shift()!;
    if (js.has(src)) continue;
    const f = await get(new URL(src, origin).href, auth);
    const { bytes, compressedByServer } = gzipBytes(f);
    serverGzip ||= compressedByServer;
    js.set(src, bytes);
    const text = (compressedByServer ? (await import('node:zlib')).gunzipSync(f.body) : f.body).toString('utf8');
    for (const m of text.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w${},*\s]+from\s*)?["']([^"']+)["']/g)) queue.push(new URL(m[1]!, new URL(src, origin)).pathname);
  }
  let css = 0;
  for (const href of styles) css += gzipBytes(await get(new URL(href, origin).href, auth)).bytes;
  const htmlBytes = gzipBytes(page).bytes;
  const jsBytes = [...js.values()].reduce((a, b) => a + b, 0);

  const times: number[] = [];
  for (let i = 0; i < 50; i++) times.push((await get(`${origin}/portal/`, auth)).ttfbMs);
  times.sort((a, b) => a - b);
  const median = (times[24]! + times[25]!) / 2;

  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log('Voorpagina als Gebruiker (gzip):');
  console.log(`  HTML        ${kb(htmlBytes)}`);
  console.log(`  CSS         ${kb(css)} (${styles.size} bestand(en))`);
  console.log(`  JavaScript  ${kb(jsBytes)} (${js.size} bestand(en))`);
  for (const [src, n] of js) console.log(`    ${kb(n).padStart(9)}  ${src}`);
  console.log(`  Totaal      ${kb(htmlBytes + css + jsBytes)}   budget 100 kB ${htmlBytes + css + jsBytes <= 100 * 1024 ? '✔' : '✘'}`);
  console.log(`  JS-budget   40 kB ${jsBytes <= 40 * 1024 ? '✔' : '✘'}`);
  console.log(`  TTFB        mediaan ${median.toFixed(1)} ms, p90 ${times[44]!.toFixed(1)} ms (50 verzoeken)   budget 50 ms ${median <= 50 ? '✔' : '✘'}`);
  if (!serverGzip) console.log('  (de lokale Worker comprimeert niet; gzip -6 berekend zoals de edge het verstuurt)');
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
