import { createClient } from '@libsql/client';
import { expect, test, type Browser } from '@playwright/test';
import { createDb } from '../../src/server/db/client';
import { USERS as DEMO_USERS } from '../../scripts/seed/data';
import { crawlPages, linksOf } from './crawl-links';
import { signedIn } from './support';

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

const port = Number(process.env.E2E_PORT ?? 4390);
// The Playwright web server's fresh data directory (playwright.config.ts), as tests/e2e/shell.spec.ts reads it.
const client = createClient({ url: `file:.tmp/e2e-${port}/portal.db` });
const db = createDb(client);
test.afterAll(() => client.close());

// Up to MAX_PAGES server-rendered pages per user on a shared 2-core machine (~0.5 s a page under load).
test.describe.configure({ timeout: 180_000 });

async function crawl(browser: Browser, baseURL: string, email: string) {
  const context = await signedIn(db, browser, baseURL, email);
  const { fetched, pages, unvisited } = await crawlPages(context.request, new URL(baseURL).origin, { perPattern: PER_PATTERN, maxPages: MAX_PAGES });
  await context.close();
  const problems = pages.filter((p) => p.problem).map(({ url, from, problem }) => ({ url, from, problem }));
  return { pages: fetched, problems, unvisited };
}

test('the crawler recognises a missing page and a denied one', async ({ browser, baseURL }) => {
  const context = await signedIn(db, browser, baseURL!, 'gebruiker@demo.impulz.nl');
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
