import { expect, test } from '@playwright/test';
import { apiCall, login } from './support';

/**
 * Issue 18: 'Toon legenda' takes effect in the staff view (uPlot) and on the public page (SVG);
 * a single series never has a legend. The PDF follows the same model (unit: tests/unit/chart-settings.test.ts).
 */
test("'Toon legenda' off: no legend in the staff view and on the public page", async ({ page }) => {
  await login(page);
  const two = `?b=${encodeURIComponent(JSON.stringify([{}, { f: [1] }]))}`;
  const legendRows = page.locator('[data-chart-host="3"] .u-legend').getByRole('rowheader');
  // One benchmark: one series, no legend at all.
  await page.goto('/portal/report/1');
  await expect(page.locator('[data-chart-host="3"] canvas').first()).toBeVisible({ timeout: 30_000 });
  await expect(legendRows).toHaveCount(0);
  // Two benchmarks: a legend naming both.
  await page.goto(`/portal/report/1${two}`);
  await expect(legendRows).toHaveCount(2, { timeout: 30_000 });
  const publicChart = page.locator('[data-chart-id="3"] .chart-wide svg');
  await page.goto('/portal/public/report/1?vergelijk=1');
  await expect(publicChart.locator('[aria-label="Legenda"]')).toHaveCount(1);

  const made = await apiCall<{ data: { id: number } }>(page, 'POST', '/chart/3/chartOption', { key: 'showLegend', value: false });
  expect(made.status).toBe(201);
  try {
    await page.goto(`/portal/report/1${two}`);
    await expect(page.locator('[data-chart-host="3"] canvas').first()).toBeVisible({ timeout: 30_000 });
    await expect(legendRows).toHaveCount(0);
    // Another URL: the browser keeps the public page for max-age=60 s (the server's edge cache follows the new version).
    await page.goto('/portal/public/report/1?vergelijk=1&legenda=uit');
    await expect(publicChart).toBeVisible();
    await expect(publicChart.locator('[aria-label="Legenda"]')).toHaveCount(0);
  } finally {
    await apiCall(page, 'DELETE', `/chart/3/chartOption/${made.json.data.id}`);
  }
});

test("each chart offers 'Tabel tonen' and a CSV of its released numbers", async ({ page }) => {
  await login(page);
  await page.goto(`/portal/report/1?b=${encodeURIComponent(JSON.stringify([{}, { f: [1] }]))}`);
  const host = page.locator('[data-chart-host="3"]');
  const toggle = host.getByRole('button', { name: 'Tabel tonen' });
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  await toggle.click();
  await expect(host.getByRole('button', { name: 'Tabel verbergen' })).toHaveAttribute('aria-expanded', 'true');
  const table = host.getByRole('table');
  await expect(table.getByRole('columnheader', { name: /Alle respondenten/ })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Zwerfafval' })).toBeVisible();
  const download = page.waitForEvent('download');
  await host.getByRole('button', { name: /^CSV downloaden/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Problemen in de buurt.csv');
  const text = (await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8')).replace('\ufeff', '');
  expect(text.split('\r\n')[0]).toBe('Antwoord;Alle respondenten (%);Alle respondenten (n);18 t/m 34 jaar (%);18 t/m 34 jaar (n)');
  expect(text).toMatch(/^Zwerfafval;\d+;\d+;\d+;\d+/m);
});

test('the public page lays charts out again on a 360 px phone: no chart text below 11 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/portal/public/report/1?vergelijk=1');
  await expect(page.locator('.chart-narrow svg').first()).toBeVisible();
  const smallest = await page.evaluate(() => {
    let min = Infinity;
    for (const svg of document.querySelectorAll<SVGSVGElement>('.chart-narrow svg')) {
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      for (const text of svg.querySelectorAll('text')) min = Math.min(min, Number(text.getAttribute('font-size') ?? 12) * scale);
    }
    return min;
  });
  expect(smallest).toBeGreaterThanOrEqual(10.9);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // On a desktop the drawing fills its card.
  await page.setViewportSize({ width: 1440, height: 900 });
  const card = page.locator('figure[data-chart-id="3"]');
  const svg = card.locator('.chart-wide svg');
  await expect(svg).toBeVisible();
  expect((await svg.boundingBox())!.width).toBeGreaterThan((await card.boundingBox())!.width * 0.9);
});
