import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { totpAt } from '../../src/server/auth/totp';
import { DEMO_PASSWORD } from './support';

/**
 * Every link a demo user is shown in the side navigation, the top bar, the user menu, the tab
 * rows and the breadcrumbs — and the item links on the pages those reach — must open a real
 * page: status 200, the page's own content, never the 404 or 'Geen toegang' page. Breadth-first
 * from the front page, fetched without rendering (the shell is server-rendered), bounded per route.
 */

// The README's demo logins (the two held accounts only ever see their dialog).
const USERS = [
  'admin@demo.impulz.nl',
  'beheerder@demo.impulz.nl',
  'gebruiker@demo.impulz.nl',
  'api@demo.impulz.nl',
  'beheerder@noordbroek.demo.impulz.nl',
  'gebruiker@delinde.demo.impulz.nl',
];
const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
/** At most this many different URLs of one route pattern (e.g. /project/:id) per user. */
const PER_PATTERN = 2;
const MAX_PAGES = 120;

/** Navigation regions of the shell: header (top bar + user menu), side navigation, breadcrumbs, tab rows. */
const NAV_REGIONS = [/<header[\s\S]*?<\/header>/g, /<nav[^>]*aria-label="(?:Hoofdnavigatie|Kruimelpad|Onderdelen|Snelkoppelingen)"[\s\S]*?<\/nav>/g];

export function linksOf(html: string): { nav: string[]; content: string[] } {
  const hrefs = (part: string) => [...part.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const nav = NAV_REGIONS.flatMap((re) => [...html.matchAll(re)].flatMap((m) => hrefs(m[0])));
  const main = html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '';
  return { nav, content: hrefs(main) };
}

/** Pages of the portal; API, auth, assets, the developer mailbox and fragments are not pages to crawl. */
function pageUrl(href: string): string | null {
  if (!href.startsWith('/portal/') && href !== '/portal') return null;
  if (/^\/portal\/(api|auth|_astro|_image|dev)\b/.test(href)) return null;
  return href.split('#')[0]!;
}

/** Route pattern of a URL: numbers become ':id', so each pattern is followed a bounded number of times. */
const patternOf = (url: string) => url.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/:id');

async function loginByApi(request: APIRequestContext, email: string) {
  expect((await request.get('/portal/auth/csrf-cookie')).status()).toBe(204);
  const xsrf = async () => {
    const { cookies } = await request.storageState();
    return decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  };
  const post = async (path: string, data: unknown) => request.post(path, { data, headers: { 'X-XSRF-TOKEN': await xsrf(), Accept: 'application/json' } });
  const res = await post('/portal/auth/login', { email, password: DEMO_PASSWORD });
  expect(res.status(), email).toBe(200);
  const { data } = (await res.json()) as { data: { two_factor: boolean } };
  if (data.two_factor) {
    // The next time step: a code of the current step may have been used by another spec already.
    const challenge = await post('/portal/auth/two-factor-challenge', { code: totpAt(DEMO_TOTP_SECRET, new Date(Date.now() + 30_000)) });
    expect(challenge.status(), `two-factor ${email}`).toBe(204);
  }
}

interface Problem {
  url: string;
  from: string;
  problem: string;
}

async function crawl(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const request = context.request;
  await loginByApi(request, email);
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
    const html = await res.text();
    const landed = new URL(res.url()).pathname;
    if (res.status() !== 200) problems.push({ url, from, problem: `status ${res.status()}` });
    else if (landed === '/portal/login' || (landed === '/portal/' && url !== '/portal/')) problems.push({ url, from, problem: `sent on to ${landed}` });
    else if (html.includes('data-testid="not-found"')) problems.push({ url, from, problem: 'the 404 page' });
    else if (html.includes('data-testid="forbidden"')) problems.push({ url, from, problem: "the 'Geen toegang' page" });
    else if (!/<main[^>]*>[\s\S]*?<(h1|h2|section|form|table|ul|div)\b/.test(html)) problems.push({ url, from, problem: 'no content in <main>' });
    if (res.status() !== 200) continue;
    const { nav, content } = linksOf(html);
    for (const href of [...nav, ...content]) {
      const next = pageUrl(href);
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
  return { pages, problems };
}

test('the crawler recognises a missing page and a denied one', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  await loginByApi(context.request, 'gebruiker@demo.impulz.nl');
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
    const { pages, problems } = await crawl(browser, baseURL!, email);
    test.info().annotations.push({ type: 'pages crawled', description: String(pages) });
    expect(problems, `${pages} pages crawled`).toEqual([]);
    expect(pages).toBeGreaterThan(3);
  });
}
