import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiCall, login } from './support';

/** Element screenshots of charts at 1440 and 390 px, for looking at them (.tmp/shots, not compared). */
async function chartShots(page: Page, name: string, selectors: string[]): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [i, sel] of selectors.entries()) {
      const el = page.locator(sel).first();
      await el.scrollIntoViewIfNeeded();
      await expect(el).toBeVisible();
      await el.screenshot({ path: `.tmp/shots/${name}-${i + 1}-${width}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * Issue 18: 'Gestapeld' and 'Maximaal aantal categorieën' stored through the API take effect in the
 * staff view (uPlot, and its 'Tabel tonen'), on the public page (SVG) and in the PDF. The demo
 * report's chart 4 (a bar chart of a 1–5 scale) is stacked and keeps its three answers chosen most;
 * a new bar chart of 'In welke wijk woont u?' (single choice, more wijken) keeps three and 'Overig'.
 */
test("'Gestapeld' and 'Maximaal aantal categorieën' in the staff view, on the public page and in the PDF", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  const option = async (chart: number, key: string, value: unknown) => {
    const res = await apiCall<{ data: { id: number } }>(page, 'POST', `/chart/${chart}/chartOption`, { key, value });
    expect(res.status).toBe(201);
    return { chart, id: res.json.data.id };
  };
  const chart = await apiCall<{ data: { id: number } }>(page, 'POST', '/chart', { section_id: 2, chart_type_id: 1, title: 'Wijk (drie grootste en overig)' });
  expect(chart.status).toBe(201);
  const wijk = chart.json.data.id;
  const rows = [await option(4, 'stacked', true), await option(4, 'maxCategories', 3)];
  try {
    expect((await apiCall(page, 'POST', '/dataLocation', { chart_id: wijk, survey_id: 1, column_key: 'wijk' })).status).toBe(201);
    rows.push(await option(wijk, 'maxCategories', 3));
    const two = `?b=${encodeURIComponent(JSON.stringify([{}, { f: [1] }]))}`;
    await page.goto(`/portal/report/1${two}`);
    // Staff: chart 4 is drawn as stacked bars (one per benchmark): three answers and 'Overig'; the wijk chart keeps three wijken and 'Overig'.
    await expect(page.locator('[data-chart-host="4"] [data-chart-kind="stacked-bar"]')).toBeVisible({ timeout: 30_000 });
    const legend4 = page.locator('[data-chart-host="4"] .u-legend').getByRole('rowheader');
    await expect(legend4).toHaveCount(4, { timeout: 30_000 });
    await expect(legend4.last()).toHaveText('Overig');
    const hostW = page.locator(`[data-chart-host="${wijk}"]`);
    await hostW.getByRole('button', { name: 'Tabel tonen' }).click();
    const table = hostW.locator('table:not(.u-legend)');
    await expect(table.getByRole('rowheader')).toHaveCount(4);
    await expect(table.getByRole('rowheader').last()).toHaveText('Overig');
    await hostW.getByRole('button', { name: 'Tabel verbergen' }).click();
    if (process.env.SHOTS) await chartShots(page, 'settings-staff', ['[data-chart-id="4"]', `[data-chart-id="${wijk}"]`]);

    // Public page: the same two charts from the same model.
    await page.goto('/portal/public/report/1?vergelijk=1&instellingen=1');
    const stacked = page.locator('[data-chart-id="4"] .chart-wide svg');
    await expect(stacked.locator('[aria-label="Legenda"] text')).toHaveCount(4);
    await expect(stacked.locator('[aria-label="Legenda"] text').last()).toHaveText('Overig');
    const fold = page.locator(`[data-chart-id="${wijk}"] .chart-wide svg`);
    await expect(fold.locator('tspan', { hasText: /^Overig$/ })).toHaveCount(1);
    if (process.env.SHOTS) await chartShots(page, 'settings-public', ['[data-chart-id="4"]', `[data-chart-id="${wijk}"]`]);

    // PDF: both settings in the export (text of the pages), and a page image to look at.
    const pdf = await page.evaluate(async () => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const res = await fetch('/portal/api/v2/report/1/export', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ benchmarks: [{ label: '', filterOptions: [] }, { label: '', filterOptions: [1] }] }) });
      return { status: res.status, bytes: [...new Uint8Array(await res.arrayBuffer())] };
    });
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(pdf.bytes);
    const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true });
    expect(text).toContain('Wijk (drie grootste en overig)');
    expect(text.match(/Overig/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    if (process.env.SHOTS) {
      mkdirSync('.tmp/shots', { recursive: true });
      writeFileSync('.tmp/shots/settings.pdf', bytes);
      execFileSync('pdftoppm', ['-f', '3', '-l', '3', '-r', '80', '-png', '.tmp/shots/settings.pdf', '.tmp/shots/settings-pdf']);
    }
  } finally {
    for (const r of rows) await apiCall(page, 'DELETE', `/chart/${r.chart}/chartOption/${r.id}`);
    await apiCall(page, 'DELETE', `/chart/${wijk}`);
  }
});
