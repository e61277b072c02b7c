import { expect, test } from '@playwright/test';
import { readXlsx } from '../helpers/xlsx-read';
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

test("each chart offers an Excel file (XLSX) holding exactly the table's released numbers, as numbers", async ({ page }) => {
  await login(page);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`/portal/report/1?b=${encodeURIComponent(JSON.stringify([{}, { f: [1] }]))}`);
  const host = page.locator('[data-chart-host="3"]');
  const button = host.getByRole('button', { name: /^Excel downloaden: cijfers/ });
  await expect(button).toBeVisible({ timeout: 30_000 });
  const before = scripts.length;
  await host.getByRole('button', { name: 'Tabel tonen' }).click();
  const table = host.locator('table:has(caption)');
  const head = await table.locator('thead th').allInnerTexts();
  // Per cell: the text it reads and, for a significant difference, the benchmarks it names.
  const body = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => ({ text: (c.firstChild?.textContent ?? '').trim(), sig: c.querySelector('span')?.textContent ?? null }))));
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Problemen in de buurt.xlsx');
  // The writer is a chunk of its own, fetched only on the click (the report page's first JavaScript stays as it was).
  expect(scripts.length).toBeGreaterThan(before);
  const bytes = new Uint8Array(await (await import('node:fs/promises')).readFile((await file.path())!));
  const { rows, formats } = readXlsx(bytes);
  // The expected sheet, from what the table shows: per benchmark its value and, where the table marks a difference, the pair in words.
  const sigColumn = head.slice(1).map((_, k) => body.some((r) => r[k + 1]!.sig));
  const expected: (string | null | undefined)[][] = [[head[0], ...head.slice(1).flatMap((h, k) => [`${h} (%)`, ...(sigColumn[k] ? [`${h}: significant verschil met`] : [])])]];
  const kinds: string[] = [];
  for (const r of body) {
    const row: (string | null)[] = [r[0]!.text];
    r.slice(1).forEach((c, k) => {
      row.push(c.text);
      if (sigColumn[k]) row.push(c.sig);
    });
    expected.push(row);
  }
  expect(sigColumn.some(Boolean)).toBe(true);
  // An empty cell at the end of a row is not written: read it as empty.
  const asShown = rows.slice(1, expected.length + 1).map((row, i) =>
    Array.from({ length: expected[i]!.length }, (_, j) => row[j] ?? null).map((v, j) => {
      if (typeof v !== 'number') return v;
      kinds.push(formats[i + 1]![j]!);
      return `${Math.round(v * 100)}%`;
    }),
  );
  expect(asShown).toEqual(expected);
  expect(new Set(kinds)).toEqual(new Set(['0%']));
});

test('widgets show in the staff view as on the public page, from the engine, and go when removed', async ({ page }) => {
  await login(page);
  const two = [{}, { f: [1] }];
  await page.goto(`/portal/report/1?b=${encodeURIComponent(JSON.stringify(two))}`);
  // The response counter: each benchmark's group size as the engine released it (the data call's own numbers).
  const data = await apiCall<{ data: { dataLocations: { benchmarks: ({ suppressed: false; stats: { groupSize: number } } | { suppressed: true })[] }[] } }>(page, 'POST', '/data/1/nl/report/1', { benchmarks: [{}, { filterOptions: [1] }] });
  const sizes = data.json.data.dataLocations[0]!.benchmarks.map((b) => (b.suppressed ? 'Te weinig respondenten' : b.stats.groupSize.toLocaleString('nl-NL')));
  const counter = page.locator('section[data-section-id="1"] [data-widget="response-counter"]');
  await expect(counter).toBeVisible({ timeout: 30_000 });
  await expect(counter.getByRole('heading', { name: 'Aantal respondenten' })).toBeVisible();
  await expect(counter).toContainText(`Alle respondenten: ${sizes[0]}`);
  await expect(counter).toContainText(`18 t/m 34 jaar: ${sizes[1]}`);
  const contact = page.locator('section[data-section-id="2"] [data-widget="contact"]');
  await expect(contact).toContainText('Team Onderzoek en Statistiek');
  await expect(contact.getByRole('link', { name: 'onderzoek@zuiderhaven.demo.impulz.nl' })).toHaveAttribute('href', 'mailto:onderzoek@zuiderhaven.demo.impulz.nl');

  // A widget added in the editor shows in both; removed, it is gone from both.
  const made = await apiCall<{ data: { id: number } }>(page, 'POST', '/widget', { section_id: 2, widget_type_id: 3, settings: { label: 'Over kleine groepen' } });
  expect(made.status).toBe(201);
  try {
    await page.goto('/portal/report/1');
    const notice = page.locator('section[data-section-id="2"] [data-widget="min-n-notice"]');
    await expect(notice).toContainText('Over kleine groepen', { timeout: 30_000 });
    await expect(notice).toContainText('vanaf 10 deelnemers');
    await page.goto('/portal/public/report/1?widget=aan');
    await expect(page.locator('[data-widget="min-n-notice"]')).toContainText('Over kleine groepen');
  } finally {
    expect((await apiCall(page, 'DELETE', `/widget/${made.json.data.id}`)).status).toBeLessThan(300);
  }
  await page.goto('/portal/report/1');
  await expect(counter).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-widget="min-n-notice"]')).toHaveCount(0);
  await page.goto('/portal/public/report/1?widget=uit');
  await expect(page.locator('[data-widget="response-counter"]')).toBeVisible();
  await expect(page.locator('[data-widget="min-n-notice"]')).toHaveCount(0);
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
