/**
 * Screenshot sweep: logs in as every demo user through the login form, walks every page that user
 * is shown a link to (the crawl's link discovery, one URL per route pattern), plus the respondent
 * pages (participation by token, panel registration and login, the public report), and saves
 * full-page screenshots at 1440 and 390 px into .tmp/screens/. Beside them `report.json` lists per
 * screen the horizontal overflow at 390 px and axe's serious/critical findings — for looking, not a test.
 *
 *   PORT=4445 npm start -- --fresh --data .tmp/dev-4445      # in another terminal
 *   PORT=4445 npx tsx scripts/screens.ts [--user beheerder] [--only /portal/project]
 */
import AxeBuilder from '@axe-core/playwright';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { totpAt } from '../src/server/auth/totp';
import { USERS } from './seed/data';
import { DEMO_PANEL_TOKEN } from './seed/accounts';
import { crawlPages } from '../tests/e2e/crawl-links';

const PASSWORD = 'ImpulZ-demo-2026!';
const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const base = `http://localhost:${process.env.PORT ?? 4321}`;
const out = process.env.SCREENS_OUT ?? '.tmp/screens';
const arg = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
const onlyUser = arg('user');
const onlyPath = arg('only');

interface Finding { name: string; url: string; overflow390: number; axe: string[] }
const findings: Finding[] = [];

const fileName = (who: string, url: string) => `${who}${url.replace(/^\/portal/, '').replace(/[^a-zA-Z0-9]+/g, '_').replace(/_$/, '') || '_front'}`;

/** Waits until the page is quiet (islands hydrated, data fetched), bounded. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => {});
  await page.waitForTimeout(300);
}

async function shoot(page: Page, who: string, url: string) {
  const name = fileName(who, url);
  const finding: Finding = { name, url, overflow390: 0, axe: [] };
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url);
    await settle(page);
    await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
    if (width === 390) {
      finding.overflow390 = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      finding.axe = violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
    }
  }
  findings.push(finding);
  console.log(`${finding.overflow390 > 0 ? 'OVERFLOW ' + finding.overflow390 + 'px ' : ''}${finding.axe.length ? 'AXE ' + finding.axe.length + ' ' : ''}${name}`);
}

async function login(page: Page, email: string) {
  await page.goto('/portal/login');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  const code = page.getByLabel('Code', { exact: true });
  await Promise.race([page.waitForURL(/\/portal\/$/, { timeout: 30_000 }), code.waitFor({ timeout: 30_000 })]);
  if (await code.isVisible()) {
    await code.fill(totpAt(DEMO_TOTP_SECRET, new Date()));
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await page.waitForURL(/\/portal\/$/, { timeout: 30_000 });
  }
}

/** A token of the demo burgerpeiling that has not answered yet, through the staff API. */
async function demoToken(request: APIRequestContext): Promise<{ surveyId: number; token: string }> {
  const surveys = (await (await request.get('/portal/api/v2/survey/index-items')).json()) as { data: { id: number; displayTitle: string }[] };
  const surveyId = surveys.data.find((s) => s.displayTitle.startsWith('Burgerpeiling Zuiderhaven'))!.id;
  const list = (await (await request.get(`/portal/api/v2/survey/${surveyId}/token?per_page=1&page=7&completed=N`)).json()) as { data: { token: string }[] };
  return { surveyId, token: list.data[0]!.token };
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
let token: { surveyId: number; token: string } | null = null;
for (const user of USERS) {
  const who = user.email.replace(/@.*$/, '') + (user.email.includes('noordbroek') ? '-noordbroek' : user.email.includes('delinde') ? '-delinde' : '');
  if (onlyUser && !who.includes(onlyUser)) continue;
  const context = await browser.newContext({ baseURL: base, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  const page = await context.newPage();
  await login(page, user.email);
  if (!token && user.email === 'beheerder@demo.impulz.nl') token = await demoToken(context.request);
  const { pages } = await crawlPages(context.request, base, { perPattern: 1, maxPages: 200 });
  for (const p of pages) {
    if (p.problem) { console.log(`PROBLEM ${who} ${p.url}: ${p.problem}`); continue; }
    if (onlyPath && !p.url.startsWith(onlyPath)) continue;
    await shoot(page, who, p.url).catch((e) => console.log(`FAILED ${who} ${p.url}: ${String(e).split('\n')[0]}`));
  }
  await context.close();
}

// Respondents and the public: no session.
if (!onlyUser || 'respondent'.includes(onlyUser)) {
  if (!token) {
    // A respondent-only run: a token through the staff API in a context of its own.
    const staff = await browser.newContext({ baseURL: base });
    const staffPage = await staff.newPage();
    await login(staffPage, 'beheerder@demo.impulz.nl');
    token = await demoToken(staff.request);
    await staff.close();
  }
  const context = await browser.newContext({ baseURL: base, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  const page = await context.newPage();
  const respondentPages = ['/portal/login', '/portal/password/email', '/portal/meedoen', '/portal/meedoen/hulp', `/portal/register/panel/${DEMO_PANEL_TOKEN}`, `/portal/login/panel/${DEMO_PANEL_TOKEN}`, '/portal/public/report/1', '/portal/bestaat-niet'];
  if (token) respondentPages.push(`/portal/meedoen/${token.surveyId}?code=${token.token}`, `/portal/meedoen/${token.surveyId}/afmelden?code=${token.token}`);
  for (const url of respondentPages) {
    if (onlyPath && !url.startsWith(onlyPath)) continue;
    await shoot(page, 'anon', url).catch((e) => console.log(`FAILED anon ${url}: ${String(e).split('\n')[0]}`));
  }
  await context.close();
}
await browser.close();
writeFileSync(`${out}/report.json`, JSON.stringify(findings, null, 2));
console.log(`${findings.length} screens, ${findings.length * 2} screenshots; overflow at 390 px: ${findings.filter((f) => f.overflow390 > 0).length}; with axe findings: ${findings.filter((f) => f.axe.length).length}`);
