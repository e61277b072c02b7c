import { expect, type Page, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { axeClean, e2eClient, login, loginAdmin } from './support';

/**
 * Issue 18, the defects seen while reading reports: each test here failed before its fix.
 * Viewports: 1440 (desktop), 820 (tablet, below the navigation breakpoint), 390 (phone).
 */

const chartHost = (page: Page, id: number) => page.locator(`[data-chart-host="${id}"]`);
const drawn = (page: Page) => expect(chartHost(page, 1).locator(':scope > *').first()).toBeVisible({ timeout: 30_000 });

test('after a PDF export the page loader does not come up and the page stays usable', async ({ page }) => {
  await login(page);
  await page.goto('/portal/report/1');
  await drawn(page);
  // Record whether the page loader ever shows from now on.
  await page.evaluate(() => {
    const loader = document.getElementById('page-loader')!;
    new MutationObserver(() => {
      if (!loader.hidden) document.documentElement.dataset.loaderShown = '1';
    }).observe(loader, { attributes: true });
  });
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.locator('[data-export-report]').click();
  await download;
  await expect(page.locator('[data-export-report]')).toBeEnabled({ timeout: 60_000 });
  // The loader used to come up 400 ms after the download link's click: give it that window.
  await page.waitForTimeout(800);
  await expect(page.locator('#page-loader')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.dataset.loaderShown ?? '0')).toBe('0');
  await page.getByRole('link', { name: 'Samenvatting' }).click();
  await expect(page).toHaveURL(/\/summary/);
});

test('at 820 px the navigation drawer opens on screen and closes again', async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 900 });
  await login(page);
  const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  const toggle = page.getByRole('button', { name: 'Navigatiemenu openen of sluiten' });
  await expect(nav).not.toBeInViewport();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeInViewport({ ratio: 0.9 });
  // Until its slide-in ends the drawer may sit a fraction of a pixel left of the edge (CI: x = −1.3e-7).
  await expect.poll(async () => (await nav.boundingBox())!.x).toBeGreaterThanOrEqual(0);
  // Its links are on top (not under the backdrop): the element at a link's centre is that link.
  const link = nav.getByRole('link').first();
  const l = (await link.boundingBox())!;
  expect(await page.evaluate(([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('#side-nav'), [l.x + l.width / 2, l.y + l.height / 2])).toBe(true);
  await page.keyboard.press('Escape');
  await expect(nav).not.toBeInViewport();
});

test('a window widened past 1024 px shows the side navigation in place at once, not sliding in from the left edge', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await login(page);
  await page.goto('/portal/report/1');
  await page.setViewportSize({ width: 1440, height: 900 });
  // Read in the first frame after the resize: a slide would put the column (and its '…ppen') at x < 0.
  const at = await page.evaluate(() => new Promise<number[]>((done) => requestAnimationFrame(() => {
    const nav = document.getElementById('side-nav')!;
    done([nav.getBoundingClientRect().x, getComputedStyle(nav).transitionProperty === 'none' ? 1 : 0]);
  })));
  expect(at).toEqual([0, 1]);
});

test('the help popover closes after sending, so its success message is seen', async ({ page }) => {
  await login(page, 'gebruiker@demo.impulz.nl');
  await page.getByRole('button', { name: 'Help' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hulp nodig?' });
  await dialog.getByLabel('Algemene vraag').check();
  await dialog.getByLabel('Uw vraag').fill(`Waar vind ik de PDF? ${Date.now()}`);
  await dialog.getByRole('button', { name: 'Versturen' }).click();
  await expect(dialog).toBeHidden();
  const toast = page.getByRole('status').filter({ hasText: 'Uw vraag is verstuurd naar de helpdesk' });
  await expect(toast).toBeVisible();
  // Nothing modal is left over the toast: it is the topmost element at its own centre.
  const box = (await toast.boundingBox())!;
  const top = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role="status"]')?.textContent ?? '', [box.x + box.width / 2, box.y + box.height / 2]);
  expect(top).toContain('Uw vraag is verstuurd');
});

test('benchmarks carry names in legends; a saved breakdown loads its named benchmarks', async ({ page }) => {
  await login(page);
  await page.goto('/portal/report/1');
  await drawn(page);
  // The intro text no longer says 'Kies links' (the menu is on the right for Beheerders).
  await expect(page.locator('#main')).not.toContainText('Kies links');
  const menu = page.getByTestId('benchmark-menu');
  await page.locator('[data-benchmark-pin]').hover();
  await menu.getByLabel('Kies een uitsplitsing').selectOption({ label: 'Jong en oud' });
  await expect(menu.getByTestId('benchmark-list')).toContainText('Jongeren (18-34)');
  await expect(menu.getByTestId('benchmark-list')).toContainText('Ouderen (65+)');
  await expect(chartHost(page, 3).getByRole('rowheader', { name: /Jongeren \(18-34\)/ })).toBeVisible({ timeout: 30_000 });
  await expect(chartHost(page, 3).getByRole('rowheader', { name: /^A\b/ })).toHaveCount(0);

  // An unnamed benchmark is named after what it is: all respondents, or its filter options.
  await page.goto('/portal/report/1?b=%5B%7B%7D%2C%7B%22f%22%3A%5B1%5D%7D%5D');
  await expect(chartHost(page, 3).getByRole('rowheader', { name: /Alle respondenten/ })).toBeVisible({ timeout: 30_000 });
  await expect(chartHost(page, 3).getByRole('rowheader', { name: /18 t\/m 34 jaar/ })).toBeVisible();
});

test('a Gebruiker sees the benchmark menu on the same side as a Beheerder, with the same names (issue 35 item 3)', async ({ page, context }) => {
  const side = async () => {
    await page.goto('/portal/report/1?b=%5B%7B%7D%2C%7B%22f%22%3A%5B1%5D%7D%5D');
    await drawn(page);
    const menu = page.locator('[data-benchmark-menu]');
    const [aside, main] = [(await menu.boundingBox())!, (await page.locator('#main').boundingBox())!];
    await page.locator('[data-benchmark-pin]').hover();
    await expect(page.getByTestId('benchmark-list')).toContainText('18 t/m 34 jaar');
    await expect(page.getByTestId('benchmark-list')).not.toContainText('filter gekozen');
    return { attr: await menu.getAttribute('data-side'), rightOfMain: aside.x >= main.x + main.width };
  };
  await login(page);
  const beheerder = await side();
  await context.clearCookies();
  await login(page, 'gebruiker@demo.impulz.nl');
  const gebruiker = await side();
  expect(beheerder).toEqual({ attr: 'right', rightOfMain: true });
  expect(gebruiker).toEqual(beheerder);
});

test('every role that reads reports sees the benchmark menu open on the right, axe clean, at 1440 and 390 px (issue 35 item 9)', async ({ page, context }) => {
  test.setTimeout(120_000);
  const client = e2eClient();
  const roles: [string, () => Promise<void>][] = [
    ['admin', () => loginAdmin(page, client)],
    ['beheerder', () => login(page)],
    ['gebruiker', () => login(page, 'gebruiker@demo.impulz.nl')],
    ['demo', () => login(page, 'demo@demo.impulz.nl')],
  ];
  try {
    for (const [role, signIn] of roles) {
      // Leave the previous role's page first, so none of its calls runs without a session.
      await page.goto('about:blank');
      await context.clearCookies();
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn();
      await page.goto('/portal/report/1?b=%5B%7B%7D%2C%7B%22f%22%3A%5B1%5D%7D%5D');
      await drawn(page);
      const menu = page.locator('[data-benchmark-menu]');
      await expect(menu).toHaveAttribute('data-side', 'right');
      await page.locator('[data-benchmark-pin]').hover();
      await expect(page.getByTestId('benchmark-list')).toContainText('18 t/m 34 jaar');
      const [aside, main] = [(await page.locator('[data-benchmark-panel]').boundingBox())!, (await page.locator('#main').boundingBox())!];
      expect(aside.x, role).toBeGreaterThanOrEqual(main.x + main.width / 2);
      await axeClean(page, `benchmark menu, ${role}, 1440 px`);
      await page.screenshot({ path: `.tmp/shots/benchmark-menu-${role}-1440.png` });

      await page.setViewportSize({ width: 390, height: 844 });
      await page.keyboard.press('Escape');
      await page.locator('[data-benchmark-open]').click();
      await expect(page.locator('[data-benchmark-panel]')).toBeInViewport();
      await expect(page.getByTestId('benchmark-list')).toContainText('18 t/m 34 jaar');
      await axeClean(page, `benchmark menu, ${role}, 390 px`);
      await page.screenshot({ path: `.tmp/shots/benchmark-menu-${role}-390.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), role).toBeLessThanOrEqual(390);
    }
  } finally {
    client.close();
  }
});

test('with the side navigation and a pinned menu the charts keep their width', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);
  await page.goto('/portal/report/1');
  await drawn(page);
  const pin = page.locator('[data-benchmark-pin]');
  if ((await pin.getAttribute('aria-pressed')) !== 'true') await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' })).toBeInViewport();
  const frame = page.locator('[data-chart-id="1"]');
  await expect.poll(async () => (await frame.boundingBox())!.width).toBeGreaterThan(600);
  await pin.click();
});

test('chart editor: swatches, subquestion names, a Dutch message for an impossible type; Bewerken from the view', async ({ page }) => {
  await login(page);
  await page.goto('/portal/report/1');
  await drawn(page);
  await page.getByRole('link', { name: "Grafiek 'Tevredenheid over de buurt' bewerken" }).click();
  await expect(page).toHaveURL(/\/report\/1\/section\/1\/chart\/1\/edit\/base$/);

  // Every colour scheme shows its colours (SVG fills: the CSP blocks inline styles).
  const swatch = page.locator('[data-swatches] rect').first();
  await expect(swatch).toBeVisible();
  expect(await swatch.evaluate((el) => getComputedStyle(el).fill)).toMatch(/^rgb\(/);
  expect(await swatch.evaluate((el) => getComputedStyle(el).fill)).not.toBe('rgb(0, 0, 0)');

  // A type that can't show a 1–5 matrix: a Dutch sentence instead of a garbled drawing.
  const preview = page.locator('[data-chart-preview]');
  await expect(preview).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Grafiektype' }).selectOption({ label: 'Open antwoorden' });
  await expect(preview.getByTestId('chart-unfit')).toContainText('open vraag');
  await page.getByRole('combobox', { name: 'Grafiektype' }).selectOption({ label: 'Cirkeldiagram' });
  await expect(preview.getByTestId('chart-unfit')).toContainText('één vraag');

  // The datasets of one matrix question read by their subquestions.
  await page.goto('/portal/report/1/section/1/chart/1/edit/dataLocations');
  await expect(page.locator('#main').getByText(/^Schoonhouden van straten – /).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#main').getByText(/^Speelplekken – /).first()).toBeVisible();
});

test('readers without edit rights get no Bewerken link', async ({ page }) => {
  await login(page, 'gebruiker@demo.impulz.nl');
  await page.goto('/portal/report/1');
  await drawn(page);
  await expect(page.getByRole('link', { name: /^Grafiek '.*' bewerken$/ })).toHaveCount(0);
});

test.describe('phone, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the report view has no serious or critical accessibility violations at 390 px', async ({ page }) => {
    await login(page);
    await page.goto(`/portal/report/1?b=${encodeURIComponent(JSON.stringify([{}, { f: [1] }]))}`);
    await drawn(page);
    await expect(chartHost(page, 3).locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });

  test('the password toggle stays inside the login field', async ({ page }) => {
    await page.goto('/portal/login');
    const toggle = page.getByRole('button', { name: 'Wachtwoord tonen' });
    const field = page.getByLabel('Wachtwoord', { exact: true });
    const t = (await toggle.boundingBox())!;
    const box = (await field.locator('xpath=..').boundingBox())!;
    expect(t.x + t.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(t.height).toBeLessThan(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the filter button covers no heading; KPI text is whole; overview table fits', async ({ page }) => {
    await login(page);
    await page.goto('/portal/report/1');
    await drawn(page);
    const open = page.locator('[data-benchmark-open]');
    await expect(open).toBeVisible();
    const headings = page.locator('#main').locator('h1, h2, h3');
    for (let i = 0; i < (await headings.count()); i++) {
      const h = headings.nth(i);
      await h.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      const a = (await open.boundingBox())!;
      const b = (await h.boundingBox())!;
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `button over '${await h.textContent()}'`).toBe(false);
    }
    // The menu still opens as a drawer and closes.
    await open.click();
    await expect(page.locator('[data-benchmark-panel]')).toBeInViewport();
    await page.keyboard.press('Escape');

    // The KPI tile wraps its question instead of cutting it.
    const kpi = page.locator('[data-chart-kind="kpi"]').first();
    await expect(kpi).toBeVisible();
    const kpiText = await kpi.locator('svg text').allTextContents();
    expect(kpiText.join(' ')).not.toContain('…');
    expect(kpiText.join(' ')).toContain('rapportcijfer');

    await page.goto('/portal/report/overview?tab=all');
    // The radio works once the island has hydrated: click until the table shows.
    await expect(async () => {
      await page.getByTestId('overview').getByRole('radio', { name: 'Tabel' }).click();
      await expect(page.locator('#main table')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
