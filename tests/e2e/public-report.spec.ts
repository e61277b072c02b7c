import { expect, test, type Page } from '@playwright/test';

const URL = '/portal/public/report/1';
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A 5-day period in the report's year (2026-…) with some respondents: about 4 a day over two years. */
function period(): { van: string; tot: string } {
  const now = new Date();
  const end = new Date(now.getTime() - 14 * 86_400_000);
  const start = new Date(end.getTime() - 4 * 86_400_000);
  if (start.getUTCFullYear() !== now.getUTCFullYear()) return { van: `${now.getUTCFullYear()}-01-02`, tot: `${now.getUTCFullYear()}-01-06` };
  return { van: iso(start), tot: iso(end) };
}

async function expectPublicPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Burgerpeiling Zuiderhaven 2026' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Wonen in de buurt' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Gemeente en dienstverlening' })).toBeVisible();
  expect(await page.locator('svg[role="img"]').count()).toBeGreaterThanOrEqual(6);
  // No navigation bar, side menu or user menu on a public report; no script shipped.
  await expect(page.locator('nav')).toHaveCount(0);
  await expect(page.locator('[data-user-menu]')).toHaveCount(0);
  await expect(page.getByText('Uitloggen')).toHaveCount(0);
  await expect(page.locator('script[src]')).toHaveCount(0);
}

/** Compares with district "Haven" in a short period: that group is far below min_n 10. */
async function expectSuppressedComparison(page: Page) {
  await expect(page.getByText('Haven', { exact: true }).first()).toBeVisible();
  // Stacked bars: the comparison's bars keep their place with the Dutch text instead of segments.
  const stacked = page.locator('figure', { hasText: 'Tevredenheid over de buurt' });
  expect(await stacked.locator('svg text', { hasText: 'Te weinig respondenten (minder dan 10)' }).count()).toBeGreaterThanOrEqual(1);
  // The comparison's legend entry says it has too few respondents; the figure has no number for it.
  const bar = page.locator('figure', { hasText: 'Tevredenheid over de dienstverlening' });
  await expect(bar.locator('svg text', { hasText: 'Haven: Te weinig respondenten' }).first()).toBeAttached();
  const titles = await bar.locator('svg rect title').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.filter((t) => t.startsWith('Haven'))).toEqual([]);
  expect(titles.some((t) => /^Alle respondenten – .*: \d+%$/.test(t))).toBe(true);
}

test('the public report needs no login, shows SVG charts without navigation, and hides groups below min_n', async ({ page }) => {
  const res = await page.goto(URL);
  expect(res!.status()).toBe(200);
  expect(res!.headers()['cache-control']).toContain('s-maxage');
  await expectPublicPage(page);
  // The rendered view is in the edge cache now (keyed by the report version).
  expect((await page.request.get(URL)).headers()['x-impulz-view-cache']).toBe('hit');

  // The JS-free GET form: period and a comparison group.
  const { van, tot } = period();
  await page.getByLabel('Van', { exact: true }).fill(van);
  await page.getByLabel('Tot en met').fill(tot);
  await page.getByLabel('Vergelijken met').selectOption({ label: 'Haven' });
  await page.getByRole('button', { name: 'Toon resultaten' }).click();
  await expect(page).toHaveURL(new RegExp(`van=${van}&tot=${tot}&vergelijk=\\d+`));
  await expectPublicPage(page);
  await expectSuppressedComparison(page);

  expect((await page.goto('/portal/public/report/999999'))!.status()).toBe(404);
});

test('the public report works with JavaScript disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(URL);
  await expectPublicPage(page);
  const { van, tot } = period();
  await page.getByLabel('Van', { exact: true }).fill(van);
  await page.getByLabel('Tot en met').fill(tot);
  await page.getByLabel('Vergelijken met').selectOption({ label: 'Haven' });
  await page.getByRole('button', { name: 'Toon resultaten' }).click();
  await expect(page).toHaveURL(/vergelijk=\d+/);
  await expectSuppressedComparison(page);
  await context.close();
});
