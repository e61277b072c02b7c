import { expect, type Page } from '@playwright/test';

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
