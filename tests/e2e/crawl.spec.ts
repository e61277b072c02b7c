import { createClient } from '@libsql/client';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { createSession } from '../../src/server/auth/sessions';
import { SESSION_COOKIE } from '../../src/server/auth/cookies';
import { createDb } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { USERS as DEMO_USERS } from '../../scripts/seed/data';

/**
 * Every link a demo user is shown in the side navigation, the top bar, the user menu, the tab
 * rows and the breadcrumbs — and the item links on the pages those reach — must open a real
 * page: status 200, the page's own content, never the 404 or 'Geen toegang' page. Breadth-first
 * from the front page, fetched without rendering (the shell is server-rendered), bounded per route.
 */

// Every demo login of the seed (the two held accounts of scripts/seed/accounts.ts only ever see their dialog).
const USERS = DEMO_USERS.map((u) => u.email);
/** At most this many different URLs of one route pattern (e.g. /project/:id) per user. */
const PER_PATTERN = 2;
/** A bound against a crawl that never ends (about 80 pages per user today); reaching it fails the test. */
const MAX_PAGES = 200;

/** Navigation regions of the shell: header (top bar + user menu), side navigation, breadcrumbs, tab rows. */
const NAV_REGIONS = [/<header[\s\S]*?<\/header>/g, /<nav[^>]*aria-label="(?:Hoofdnavigatie|Kruimelpad|Onderdelen|Snelkoppelingen)"[\s\S]*?<\/nav>/g];

export function linksOf(html: string): { nav: string[]; content: string[] } {
  const hrefs = (part: string) => [...part.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const nav = NAV_REGIONS.flatMap((re) => [...html.matchAll(re)].flatMap((m) => hrefs(m[0])));
  const main = html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '';
  return { nav, content: hrefs(main) };
}

/** Pages of the portal (same-origin links too); API, auth, assets, the developer mailbox and fragments are not pages to crawl. */
function pageUrl(href: string, origin: string): string | null {
  if (href.startsWith(origin)) href = href.slice(origin.length);
  if (!href.startsWith('/portal/') && href !== '/portal') return null;
  if (/^\/portal\/(api|auth|_astro|_image|dev)\b/.test(href)) return null;
  return href.split('#')[0]!;
}

/** Route pattern of a URL: numbers become ':id', so each pattern is followed a bounded number of times. */
const patternOf = (url: string) => url.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/:id');

const port = Number(process.env.E2E_PORT ?? 4390);
// The Playwright web server's fresh data directory (playwright.config.ts), as tests/e2e/shell.spec.ts reads it.
const client = createClient({ url: `file:.tmp/e2e-${port}/portal.db` });
const db = createDb(client);
test.afterAll(() => client.close());

/**
 * A signed-in context without the login form: the session is made straight in the test database
 * (as tests/helpers/direct-session.ts does for the API tests). The crawl is about pages, not about
 * logging in (login.spec.ts and accounts.spec.ts test that), and this way it neither spends a
 * two-factor time step another spec needs (a code is accepted once per step) nor counts towards
 * any login throttle, however often and in whatever order the specs run.
 */
async function signedIn(browser: Browser, baseURL: string, email: string): Promise<BrowserContext> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error(`no demo user ${email}`);
  const { token } = await createSession(db, user.id, { ip: null, userAgent: 'crawl.spec' });
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  return context;
}

// Up to MAX_PAGES server-rendered pages per user on a shared 2-core machine (~0.5 s a page under load).
test.describe.configure({ timeout: 180_000 });

interface Problem {
  url: string;
  from: string;
  problem: string;
}

async function crawl(browser: Browser, baseURL: string, email: string) {
  const context = await signedIn(browser, baseURL, email);
  const request = context.request;
  const queue: { url: string; from: string }[] = [{ url: '/portal/', from: '(start)' }];
  const seen = new Set<string>(['/portal/']);
  const perPattern = new Map<string, number>();
  const problems: Problem[] = [];
  let pages = 0;
  while (queue.length && pages < MAX_PAGES) {
    const { url, from } = queue.shift()!;
    pages++;
    // Index routes may redirect to their first tab; a redirect to the login page is a problem.
    const res = await request.get(url);
    const landed = new URL(res.url()).pathname;
    // A link to a download (PDF, CSV, a file) is fine when it answers 200; it has no links to follow.
    if (res.status() === 200 && !/text\/html/.test(res.headers()['content-type'] ?? '') && landed !== '/portal/login') continue;
    const html = await res.text();
    if (res.status() !== 200) problems.push({ url, from, problem: `status ${res.status()}` });
    else if (landed === '/portal/login' || (landed === '/portal/' && url !== '/portal/')) problems.push({ url, from, problem: `sent on to ${landed}` });
    else if (html.includes('data-testid="not-found"')) problems.push({ url, from, problem: 'the 404 page' });
    else if (html.includes('data-testid="forbidden"')) problems.push({ url, from, problem: "the 'Geen toegang' page" });
    else if (!/<main[^>]*>[\s\S]*?<(h1|h2|section|form|table|ul|div)\b/.test(html)) problems.push({ url, from, problem: 'no content in <main>' });
    if (res.status() !== 200) continue;
    const { nav, content } = linksOf(html);
    for (const href of [...nav, ...content]) {
      const next = pageUrl(href, new URL(baseURL).origin);
      if (!next || seen.has(next)) continue;
      const pattern = patternOf(next);
      const count = perPattern.get(pattern) ?? 0;
      // Navigation links are always followed; item links in the content up to PER_PATTERN per pattern.
      if (!nav.includes(href) && count >= PER_PATTERN) continue;
      perPattern.set(pattern, count + 1);
      seen.add(next);
      queue.push({ url: next, from: url });
    }
  }
  await context.close();
  return { pages, problems, unvisited: queue.length };
}

test('the crawler recognises a missing page and a denied one', async ({ browser, baseURL }) => {
  const context = await signedIn(browser, baseURL!, 'gebruiker@demo.impulz.nl');
  const missing = await context.request.get('/portal/project/1/bestaat-niet');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('data-testid="not-found"');
  const denied = await context.request.get('/portal/project/new');
  expect(denied.status()).toBe(403);
  expect(await denied.text()).toContain('data-testid="forbidden"');
  expect(linksOf('<header><a href="/portal/x">x</a></header><main><a href="/portal/y">y</a></main>')).toEqual({ nav: ['/portal/x'], content: ['/portal/y'] });
  await context.close();
});

for (const email of USERS) {
  test(`every navigation link ${email} is shown opens a real page`, async ({ browser, baseURL }) => {
    const { pages, problems, unvisited } = await crawl(browser, baseURL!, email);
    test.info().annotations.push({ type: 'pages crawled', description: String(pages) });
    expect(problems, `${pages} pages crawled`).toEqual([]);
    expect(unvisited, `the crawl stopped at MAX_PAGES (${MAX_PAGES}) with pages left: raise the bound or PER_PATTERN down`).toBe(0);
    expect(pages).toBeGreaterThan(3);
  });
}
