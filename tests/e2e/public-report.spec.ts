import { type Browser, expect, test, type Page } from '@playwright/test';
import { apiCall, login } from './support';

const URL = '/portal/public/report/1';
const DAY = 86_400_000;
const iso = (d: number) => new Date(d).toISOString().slice(0, 10);

/** A whole ISO week in the report's year with some respondents (about 4 a day over two years). */
function week(): { van: string; tot: string } {
  const now = Date.now();
  let monday = now - 14 * DAY - ((new Date(now - 14 * DAY).getUTCDay() + 6) % 7) * DAY;
  const year = new Date(now).getUTCFullYear();
  if (new Date(monday).getUTCFullYear() !== year) monday = Date.UTC(year, 0, 5) + ((8 - new Date(Date.UTC(year, 0, 5)).getUTCDay()) % 7) * DAY;
  return { van: iso(monday), tot: iso(monday + 6 * DAY) };
}

/**
 * The demo report has no date filter (only its period exists). For the period choice the test
 * switches it on with week granularity, as an editor would, and back afterwards.
 */
async function setDates(browser: Browser, body: Record<string, unknown>): Promise<void> {
  const editor = await browser.newContext();
  const page = await editor.newPage();
  await login(page);
  expect((await apiCall(page, 'PUT', '/report/1', body)).status).toBe(200);
  await editor.close();
}
async function withWeeks(browser: Browser, run: () => Promise<void>): Promise<void> {
  await setDates(browser, { date_filter: true, date_granularity: 'week' });
  await run();
}
// Each test logs in as an editor twice and renders the page several times.
test.describe.configure({ timeout: 60_000 });
// Back to the seeded date rule after each test, also when one fails halfway (the next specs read report 1).
test.afterEach(async ({ browser }) => setDates(browser, { date_filter: false, date_granularity: 'month' }));

/** Without the date filter the form offers no dates; a comparison over the whole period is shown with numbers. */
async function expectFixedPeriod(page: Page) {
  await expect(page.locator('form input[type="date"], form select[name="van"]')).toHaveCount(0);
  await page.getByLabel('Vergelijken met').selectOption({ label: 'Haven' });
  await page.getByRole('button', { name: 'Toon resultaten' }).click();
  await expect(page).toHaveURL(/vergelijk=\d+/);
  expect(page.url()).not.toMatch(/van=/);
  const titles = await page.locator('figure', { hasText: 'Tevredenheid over de dienstverlening' }).locator('svg rect title').allTextContents();
  expect(titles.some((t) => /^Haven – .*: \d+%$/.test(t))).toBe(true);
}

/** With weeks: pick one week from the period lists and compare with 'Haven' — far below min_n 10. */
async function chooseWeekWithHaven(page: Page): Promise<{ van: string; tot: string }> {
  const { van, tot } = week();
  await page.getByLabel('Van (week)').selectOption(van);
  await page.getByLabel('Tot en met (week)').selectOption(tot);
  await page.getByLabel('Vergelijken met').selectOption({ label: 'Haven' });
  await page.getByRole('button', { name: 'Toon resultaten' }).click();
  return { van, tot };
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
  expect(res!.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect(res!.headers()['etag']).toBeTruthy();
  await expectPublicPage(page);
  // Revalidated (304), the page keeps its policy and so its styles (the header's bottom border).
  const reloaded = await page.reload();
  expect((await reloaded!.request().allHeaders())['if-none-match']).toBe(res!.headers()['etag']);
  await expect(page.getByTestId('public-header')).toHaveCSS('border-bottom-width', '1px');
  // The rendered view is in the edge cache now (keyed by the report version).
  expect((await page.request.get(URL)).headers()['x-impulz-view-cache']).toBe('hit');

  // The intro names the comparison the public page really offers ('Vergelijken met'), not the portal's menu alone.
  const intro = page.getByText(/^Vergelijk groepen/);
  await expect(intro).toContainText("op de openbare pagina met 'Vergelijken met'");
  await expect(page.getByLabel('Vergelijken met')).toBeVisible();

  // The JS-free GET form: no period choice without the date filter, a comparison group.
  await expectFixedPeriod(page);
  await expectPublicPage(page);

  // With the date filter (weeks): whole weeks only, and a small comparison group is hidden.
  await withWeeks(page.context().browser()!, async () => {
    await page.goto(`${URL}?weken=1`);
    const { van, tot } = await chooseWeekWithHaven(page);
    await expect(page).toHaveURL(new RegExp(`van=${van}&tot=${tot}&vergelijk=\\d+`));
    await expectPublicPage(page);
    await expectSuppressedComparison(page);
  });

  expect((await page.goto('/portal/public/report/999999'))!.status()).toBe(404);
});

test('the public page compares all respondents with as many groups as the report allows (benchmark_count 3)', async ({ page }) => {
  await page.goto(`${URL}?drie=1`);
  // benchmark_count 3: two comparison fields beside all respondents, and no third.
  await page.getByLabel('Vergelijken met').selectOption({ label: 'Haven' });
  await page.getByLabel('Tweede vergelijking').selectOption({ label: 'Centrum' });
  await expect(page.getByLabel('Derde vergelijking')).toHaveCount(0);
  await page.getByRole('button', { name: 'Toon resultaten' }).click();
  await expect(page).toHaveURL(/vergelijk=\d+&vergelijk=\d+/);
  await expect(page.getByRole('list', { name: 'Getoonde groepen' }).getByRole('listitem')).toHaveText([/^Alle respondenten/, /^Haven/, /^Centrum/]);
  // The choice stays selected, and the charts draw the three groups side by side.
  await expect(page.getByLabel('Tweede vergelijking')).toHaveValue(/\d+/);
  const titles = await page.locator('figure', { hasText: 'Tevredenheid over de dienstverlening' }).locator('.chart-wide svg rect title').allTextContents();
  for (const group of ['Alle respondenten', 'Haven', 'Centrum']) expect(titles.some((t) => t.startsWith(`${group} – `)), group).toBe(true);
});

test('the public report works with JavaScript disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(URL);
  await expectPublicPage(page);
  // The help button: the FAQ topics of a public report, and back to it.
  await page.getByRole('link', { name: 'Hulp en veelgestelde vragen' }).click();
  await expect(page).toHaveURL(/\/portal\/hulp\?van=ViewPublicReport&rapport=1$/);
  await expect(page.getByTestId('public-help-faq').getByRole('heading', { level: 2 })).toHaveText(['Resultaten', 'Privacy', 'Uw gemeente']);
  await expect(page.getByTestId('public-help-form').getByRole('button', { name: 'Versturen' })).toBeVisible();
  await page.getByRole('link', { name: 'Terug naar de rapportage' }).click();
  await expect(page).toHaveURL(new RegExp(`${URL}$`));
  await expectFixedPeriod(page);
  await withWeeks(browser, async () => {
    await page.goto(`${URL}?weken=1`);
    await chooseWeekWithHaven(page);
    await expect(page).toHaveURL(/van=.*&tot=.*&vergelijk=\d+/);
    await expectSuppressedComparison(page);
  });
  await context.close();
});
