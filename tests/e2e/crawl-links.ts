/**
 * Link discovery of the crawl (tests/e2e/crawl.spec.ts), shared with the screenshot sweep
 * (scripts/screens.ts) and the phone-width guard (tests/e2e/sweep.spec.ts). No test code here,
 * so a plain script can import it.
 */

/** Navigation regions of the shell: header (top bar + user menu), side navigation, breadcrumbs, tab rows. */
const NAV_REGIONS = [/<header[\s\S]*?<\/header>/g, /<nav[^>]*aria-label="(?:Hoofdnavigatie|Kruimelpad|Onderdelen|Snelkoppelingen)"[\s\S]*?<\/nav>/g];

export function linksOf(html: string): { nav: string[]; content: string[] } {
  const hrefs = (part: string) => [...part.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const nav = NAV_REGIONS.flatMap((re) => [...html.matchAll(re)].flatMap((m) => hrefs(m[0])));
  const main = html.match(/<main[\s\S]*<\/main>/)?.[0] ?? '';
  return { nav, content: hrefs(main) };
}

/** Pages of the portal (same-origin links too); API, auth, assets, the developer mailbox and fragments are not pages to crawl. */
export function pageUrl(href: string, origin: string): string | null {
  if (href.startsWith(origin)) href = href.slice(origin.length);
  if (!href.startsWith('/portal/') && href !== '/portal') return null;
  if (/^\/portal\/(api|auth|_astro|_image|dev)\b/.test(href)) return null;
  return href.split('#')[0]!;
}

/** Route pattern of a URL: numbers become ':id', so each pattern is followed a bounded number of times. */
export const patternOf = (url: string) => url.split('?')[0]!.replace(/\/\d+(?=\/|$)/g, '/:id');

/** What a fetched page is, for a crawler: a problem text, or null for a real page. */
export function pageProblem(url: string, landed: string, status: number, html: string): string | null {
  if (status !== 200) return `status ${status}`;
  if (landed === '/portal/login' || (landed === '/portal/' && url !== '/portal/')) return `sent on to ${landed}`;
  if (html.includes('data-testid="not-found"')) return 'the 404 page';
  if (html.includes('data-testid="forbidden"')) return "the 'Geen toegang' page";
  if (!/<main[^>]*>[\s\S]*?<(h1|h2|section|form|table|ul|div)\b/.test(html)) return 'no content in <main>';
  return null;
}

interface Fetcher {
  get(url: string): Promise<{ status(): number; url(): string; headers(): Record<string, string>; text(): Promise<string> }>;
}

/**
 * Breadth-first from the front page over the links a user is shown: navigation links always,
 * item links in the content up to `perPattern` URLs per route pattern. Pages that are not HTML
 * (downloads) are skipped. Returns the HTML pages in visiting order with any problem found.
 */
export async function crawlPages(request: Fetcher, origin: string, opts: { perPattern: number; maxPages: number }) {
  const queue: { url: string; from: string }[] = [{ url: '/portal/', from: '(start)' }];
  const seen = new Set<string>(['/portal/']);
  const perPattern = new Map<string, number>();
  const pages: { url: string; from: string; problem: string | null }[] = [];
  let fetched = 0;
  while (queue.length && fetched < opts.maxPages) {
    const { url, from } = queue.shift()!;
    fetched++;
    // Index routes may redirect to their first tab; a redirect to the login page is a problem.
    const res = await request.get(url);
    const landed = new URL(res.url()).pathname;
    // A link to a download (PDF, CSV, a file) is fine when it answers 200; it has no links to follow.
    if (res.status() === 200 && !/text\/html/.test(res.headers()['content-type'] ?? '') && landed !== '/portal/login') continue;
    const html = await res.text();
    pages.push({ url, from, problem: pageProblem(url, landed, res.status(), html) });
    if (res.status() !== 200) continue;
    const { nav, content } = linksOf(html);
    for (const href of [...nav, ...content]) {
      const next = pageUrl(href, origin);
      if (!next || seen.has(next)) continue;
      const pattern = patternOf(next);
      const count = perPattern.get(pattern) ?? 0;
      if (!nav.includes(href) && count >= opts.perPattern) continue;
      perPattern.set(pattern, count + 1);
      seen.add(next);
      queue.push({ url: next, from: url });
    }
  }
  return { fetched, pages, unvisited: queue.length };
}
