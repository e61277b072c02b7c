import AxeBuilder from '@axe-core/playwright';
import { type Client, createClient } from '@libsql/client';
import { expect, type Browser, type BrowserContext, type Page, type Route } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '../../src/server/auth/cookies';
import { createSession } from '../../src/server/auth/sessions';
import { createDb, type Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';

/** Password of every demo user (scripts/seed/data.ts). */
export const DEMO_PASSWORD = 'ImpulZ-demo-2026!';

/** Logs in through the form and waits until the shell's module scripts have run. */
export async function login(page: Page, email = 'beheerder@demo.impulz.nl'): Promise<void> {
  await page.goto('/portal/login');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  // Checking a password is slow by design (the hash's work factor); on a busy CI machine it can take longer than 5 s.
  await expect(page).toHaveURL(/\/portal\/$/, { timeout: 15_000 });
  // The shell's module scripts run before 'load'; a click before that would go unanswered.
  await page.waitForLoadState('load');
}

/** An API call from the page (session cookie + the XSRF header the client sends); `path` below /portal/api/v2. */
export async function apiCall<T = { data: unknown }>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([m, p, b]) => {
      if (!document.cookie.includes('XSRF-TOKEN=')) await fetch('/portal/auth/csrf-cookie');
      const raw = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
      const headers: Record<string, string> = { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(raw) };
      if (b !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(`/portal/api/v2${p.startsWith('/') ? p : `/${p}`}`, { method: m, headers, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: res.status, json: await res.json() };
    },
    [method, path, body] as const,
  ) as Promise<{ status: number; json: T }>;
}

/** A multipart upload from the page (`file` plus `fields`, session cookie and XSRF header); `path` below /portal/api/v2. */
export async function upload(page: Page, path: string, fields: Record<string, string>, name: string, text: string): Promise<{ status: number; json: { data: { id: number; status?: string } } }> {
  return page.evaluate(
    async ([path, fields, name, text]) => {
      if (!document.cookie.includes('XSRF-TOKEN=')) await fetch('/portal/auth/csrf-cookie');
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set('file', new File([text], name));
      const res = await fetch(`/portal/api/v2${path}`, { method: 'POST', headers: { Accept: 'application/json', 'X-XSRF-TOKEN': xsrf }, body: form });
      return { status: res.status, json: await res.json() };
    },
    [path, fields, name, text] as const,
  );
}

/** The e2e web server's database: its fresh data directory per port (playwright.config.ts). Close it in afterAll. */
export function e2eClient(): Client {
  return createClient({ url: `file:.tmp/e2e-${Number(process.env.E2E_PORT ?? 4390)}/portal.db` });
}

/** The root admin without a TOTP code (a code can't be used twice in its window; other specs log in too). */
export async function loginAdmin(page: Page, client: Client): Promise<void> {
  const { token } = await createSession(createDb(client), 1, { ip: null, userAgent: null });
  await page.context().addCookies([{ name: 'impulz_session', value: token, domain: 'localhost', path: '/portal', httpOnly: true, secure: false, sameSite: 'Lax' }]);
}

/** Full-page screenshots at 1440 and 390 px for looking at the screen (.tmp/shots, not compared). */
export async function shot(page: Page, name: string): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.tmp/shots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** No serious or critical WCAG 2.1 A/AA violations on the page; `where` names the screen in the failure. */
export async function axeClean(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
}

/**
 * A slow phone: the server-rendered page is there, the islands' JavaScript is not yet. Every
 * script below /_astro/ waits until the returned function releases them.
 */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let open = false;
  await page.route('**/_astro/**/*.js', (route) => (open ? route.continue() : void held.push(route)));
  return async () => {
    open = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

/**
 * A signed-in context without the login form: the session is made straight in the test database
 * (as tests/helpers/direct-session.ts does for the API tests). Crawls are about pages, not about
 * logging in (login.spec.ts and accounts.spec.ts test that), and this way they neither spend a
 * two-factor time step another spec needs (a code is accepted once per step) nor count towards
 * any login throttle, however often and in whatever order the specs run.
 */
export async function signedIn(db: Db, browser: Browser, baseURL: string, email: string, options: { viewport?: { width: number; height: number } } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, ...options });
  await signInAs(context, db, baseURL, email);
  return context;
}

/** Switches a context to another user the same way: its cookies replaced by a session made in the test database. */
export async function signInAs(context: BrowserContext, db: Db, baseURL: string, email: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error(`no demo user ${email}`);
  const { token } = await createSession(db, user.id, { ip: null, userAgent: 'e2e' });
  await context.clearCookies();
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

/** Answers the portal's own confirmation dialog (src/islands/shell/confirm.ts) with its go-ahead button. */
export async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused();
  await dialog.getByRole('button').last().click();
  await expect(dialog).toHaveCount(0);
}
