import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support';

/** Tokens of the demo burgerpeiling, read through the staff API (a separate request context, no page). */
export async function demoTokens(request: APIRequestContext, page: number, count = 1): Promise<{ surveyId: number; tokens: string[] }> {
  await request.get('/portal/auth/csrf-cookie');
  const xsrf = async () => decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const login = await request.post('/portal/auth/login', { headers: { 'X-XSRF-TOKEN': await xsrf() }, data: { email: 'beheerder@demo.impulz.nl', password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const surveys = (await (await request.get('/portal/api/v2/survey/index-items')).json()) as { data: { id: number; displayTitle: string }[] };
  const surveyId = surveys.data.find((s) => s.displayTitle.startsWith('Burgerpeiling Zuiderhaven'))!.id;
  const list = (await (await request.get(`/portal/api/v2/survey/${surveyId}/token?per_page=${count}&page=${page}&completed=N`)).json()) as { data: { token: string }[] };
  return { surveyId, tokens: list.data.map((t) => t.token) };
}

/** The response counter of the public demo report ("A: 2.791"), as a number. */
export async function publicCounter(page: Page): Promise<number> {
  await page.goto('/portal/public/report/1');
  const text = (await page.locator('[data-widget="response-counter"] p').first().textContent()) ?? '';
  return Number(text.split(':').pop()!.replace(/\D/g, ''));
}

/** axe on the whole page (WCAG 2.1 A and AA): no violations at all. */
export async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
