import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { apiCall, axeClean, e2eClient, login } from './support';

/**
 * District maps (docs/maps.md): a Beheerder uploads an RD New GeoJSON, makes a map chart and sees
 * it in the staff view (hover and focus show the value), on the public page with JavaScript off
 * and in the PDF (rendered to PNG with pdftoppm). Baselines of the map in the three renderers.
 */
const TITLE = 'Rapportcijfer per wijk (e2e)';
const FIXTURE = 'tests/fixtures/maps/zuiderhaven-wijken-rd.geojson';
let page: Page;
let chartId = 0;

test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await login(page);
});
test.afterAll(async () => {
  if (chartId) await apiCall(page, 'DELETE', `/chart/${chartId}`);
  await page.context().close();
});

test('the Beheerder uploads a boundary file in RD New and sees the preview', async () => {
  await page.goto('/portal/manage/company/1/maps');
  await page.getByLabel('Naam', { exact: true }).fill('Wijken (e2e)');
  await page.setInputFiles('input[type="file"]', FIXTURE);
  await expect(page.getByLabel('Eigenschap met de gebiedscode')).toHaveValue('statcode');
  await expect(page.getByLabel('Eigenschap met de gebiedsnaam')).toHaveValue('statnaam');
  await page.getByRole('button', { name: 'Kaart uploaden' }).click();
  const preview = page.getByTestId('map-preview');
  await expect(preview.getByRole('img', { name: 'Kaart Wijken (e2e)' })).toBeVisible({ timeout: 30_000 });
  await expect(preview.locator('path')).toHaveCount(6);
  await axeClean(page, 'kaarten');
});

test('makes a map chart: the mapping fills itself where codes match', async () => {
  const client = e2eClient();
  const { rows } = await client.execute('select survey_id from report_data_locations where chart_id = 1');
  const { rows: sections } = await client.execute("select id from report_sections where report_id = 1 and title = 'Per wijk'");
  client.close();
  const sectionId = Number(sections[0]!.id);
  const made = await apiCall<{ data: { id: number } }>(page, 'POST', '/chart', { section_id: sectionId, chart_type_id: 15, title: TITLE, data_format_id: 4 });
  chartId = made.json.data.id;
  expect((await apiCall(page, 'POST', '/dataLocation', { chart_id: chartId, survey_id: Number(rows[0]!.survey_id), column_key: 'rapportcijfer' })).status).toBe(201);
  await page.goto(`/portal/report/1/section/${sectionId}/chart/${chartId}/edit/dataLocations`);
  const form = page.getByTestId('map-settings');
  await form.getByRole('combobox', { name: 'Kaart', exact: true }).selectOption({ label: 'Wijken (e2e)' });
  await form.getByLabel('Vraag met de gebieden').selectOption({ value: 'wijk' });
  await expect(form.getByLabel('Gebied: Haven')).toHaveValue('W6', { timeout: 15_000 });
  await form.getByLabel('Aantal klassen').selectOption('4');
  await form.getByRole('button', { name: 'Kaart opslaan' }).click();
  await expect(page.getByText('Kaart is opgeslagen')).toBeVisible({ timeout: 15_000 });
});

test('staff view: hover and keyboard focus show name, value and n; baseline', async () => {
  await page.goto('/portal/report/1/view');
  await page.getByRole('heading', { name: 'Per wijk', exact: true }).scrollIntoViewIfNeeded({ timeout: 30_000 });
  const svg = page.locator(`svg[aria-label="Kaart: ${TITLE}"]`);
  await svg.scrollIntoViewIfNeeded({ timeout: 30_000 });
  const centrum = svg.locator('path[data-area="W1"]');
  await centrum.hover();
  await expect(page.getByTestId('map-tip')).toHaveText(/^Centrum: \d+,\d \(n = \d+\)$/);
  await centrum.focus();
  await expect(page.getByTestId('map-tip')).toContainText('Centrum');
  await expect(svg.locator('path[data-area] title')).toHaveCount(6);
  await page.mouse.move(0, 0);
  await page.locator('body').focus();
  await expect(svg).toHaveScreenshot('map-staff.png', { maxDiffPixelRatio: 0.01 });
});

test('public page with JavaScript off: the server SVG; baseline', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 1000 } });
  const pub = await context.newPage();
  await pub.goto('/portal/public/report/1');
  const svg = pub.locator(`.chart-wide svg[aria-label="Kaart: ${TITLE}"]`);
  await expect(svg).toBeVisible();
  await expect(svg.locator('path[data-area]')).toHaveCount(6);
  await expect(svg.locator('path[data-area="W6"] title')).toHaveText(/^Haven: /);
  await expect(svg).toHaveScreenshot('map-public.png', { maxDiffPixelRatio: 0.01 });
  await context.close();
});

test('PDF: the map drawn as vectors (last page, rendered with pdftoppm); baseline', async () => {
  const base64 = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    const res = await fetch('/portal/api/v2/report/1/export', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ benchmarks: [{}] }) });
    if (!res.ok) throw new Error(`export ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  const dir = mkdtempSync(join(tmpdir(), 'impulz-maps-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), Buffer.from(base64, 'base64'));
    execFileSync('pdftoppm', ['-r', '60', '-png', join(dir, 'r.pdf'), join(dir, 'p')]);
    const pages = readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
    const last = readFileSync(join(dir, pages[pages.length - 1]!));
    await test.info().attach('pdf-last-page', { body: last, contentType: 'image/png' });
    expect(last).toMatchSnapshot('map-pdf-last-page.png', { maxDiffPixelRatio: 0.01 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
