import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@libsql/client';
import { expect, test, type Page } from '@playwright/test';
import { and, desc, eq } from 'drizzle-orm';
import { DEMO_PANEL_TOKEN } from '../../scripts/seed/accounts';
import { USERS } from '../../scripts/seed/data';
import { createDb } from '../../src/server/db/client';
import { surveys, surveyTokens } from '../../src/server/db/schema';
import { crawlPages, patternOf } from './crawl-links';
import { signedIn } from './support';

/**
 * Every screen a demo user reaches (the crawl's link discovery, one URL per route pattern over
 * all users) and the respondent pages, rendered on a 390 px phone: the page never scrolls
 * sideways (a wide table scrolls inside its own region) and axe finds no serious or critical
 * WCAG 2.1 A/AA violation, and the content security policy refuses nothing on it (an inline
 * script or style attribute it refuses silently breaks the page: a menu that pops, an unstyled
 * chart). scripts/screens.ts takes the same walk with screenshots to look at.
 */

const PHONE = { width: 390, height: 844 };
const client = createClient({ url: `file:.tmp/e2e-${Number(process.env.E2E_PORT ?? 4390)}/portal.db` });
const db = createDb(client);
test.afterAll(() => client.close());
// Rendering ~150 screens with axe on a shared 2-core machine.
test.describe.configure({ timeout: 600_000 });

/** Patterns already rendered by an earlier user: a screen looks the same whoever opens it. */
const rendered = new Set<string>();

/** What the content security policy refused on the page, as the console reports it. */
const refused = new WeakMap<Page, string[]>();
function watchPolicy(page: Page): Page {
  const seen: string[] = [];
  refused.set(page, seen);
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('Content Security Policy')) seen.push(m.text().slice(0, 60));
  });
  return page;
}

async function problemsOf(page: Page, url: string): Promise<string[]> {
  const seen = refused.get(page)!;
  seen.length = 0;
  await page.goto(url);
  await page.waitForLoadState('load');
  // What the islands render counts too: wait (bounded) until those in view have hydrated (Astro drops `ssr`).
  await page.waitForFunction(() => [...document.querySelectorAll('astro-island[ssr]')].every((el) => el.getBoundingClientRect().top > window.innerHeight), null, { timeout: 5_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 1_500 }).catch(() => undefined);
  const problems: string[] = [];
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${url}: the page scrolls ${overflow}px sideways at ${PHONE.width}px`);
  if (seen.length) problems.push(`${url}: the CSP refused ${seen.length}× (${[...new Set(seen)].join(' | ')})`);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
    problems.push(`${url}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }
  return problems;
}

for (const { email } of USERS) {
  test(`every screen ${email} reaches fits a phone and passes axe`, async ({ browser, baseURL }) => {
    const context = await signedIn(db, browser, baseURL!, email, { viewport: PHONE });
    const { pages } = await crawlPages(context.request, new URL(baseURL!).origin, { perPattern: 1, maxPages: 200 });
    const page = watchPolicy(await context.newPage());
    const problems: string[] = [];
    for (const { url, problem } of pages) {
      if (problem || rendered.has(patternOf(url))) continue; // a broken link is the crawl spec's finding
      rendered.add(patternOf(url));
      problems.push(...(await problemsOf(page, url)));
    }
    await context.close();
    expect(problems).toEqual([]);
  });
}

test('the respondent pages fit a phone and pass axe', async ({ browser, baseURL }) => {
  const [token] = await db
    .select({ surveyId: surveyTokens.surveyId, token: surveyTokens.token })
    .from(surveyTokens)
    .innerJoin(surveys, eq(surveys.id, surveyTokens.surveyId))
    .where(and(eq(surveys.lsSid, 474747), eq(surveyTokens.completed, 'N')))
    // The last token: the respondent specs take theirs from the first pages of the list.
    .orderBy(desc(surveyTokens.id))
    .limit(1);
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = watchPolicy(await context.newPage());
  const problems: string[] = [];
  for (const url of [
    '/portal/login',
    '/portal/password/email',
    '/portal/meedoen',
    '/portal/meedoen/hulp',
    '/portal/hulp?van=Login',
    '/portal/hulp?van=ViewPublicReport&rapport=1',
    `/portal/meedoen/${token!.surveyId}?code=${token!.token}`,
    `/portal/register/panel/${DEMO_PANEL_TOKEN}`,
    `/portal/login/panel/${DEMO_PANEL_TOKEN}`,
    '/portal/public/report/1',
  ]) {
    problems.push(...(await problemsOf(page, url)));
  }
  await context.close();
  expect(problems).toEqual([]);
});
