import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { createSession } from '../../src/server/auth/sessions';
import { SESSION_COOKIE } from '../../src/server/auth/cookies';
import { createDb } from '../../src/server/db/client';
import { apiCall, axeClean, e2eClient, login, shot, confirmDialog } from './support';

/**
 * District maps (docs/maps.md): a Beheerder uploads an RD New GeoJSON on the Kaarten tab, makes a
 * map chart and sees it in the staff view (hover and keyboard focus show name, value, n and
 * margin), on the public page with JavaScript off and in the PDF (rendered to PNG with pdftoppm).
 * Baselines of the map in the three renderers.
 *
 * Everything happens in a report and a map of this spec's own (the demo report 1 is never
 * touched, so the baselines and counts of visual, public-report and report-view specs don't see
 * it); afterAll removes the chart, the map and the report, also after a failure.
 */
const REPORT = 'Kaarten (e2e)';
const TITLE = 'Rapportcijfer per wijk (e2e)';
const MAP = 'Wijken (e2e)';
const FIXTURE = 'tests/fixtures/maps/zuiderhaven-wijken-rd.geojson';
let page: Page;
let reportId = 0;
let sectionId = 0;
let chartId = 0;
let mapId = 0;

test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
  await login(page);
});
test.afterAll(async () => {
  if (chartId) await apiCall(page, 'DELETE', `/chart/${chartId}`);
  if (mapId) await apiCall(page, 'DELETE', `/company/1/map/${mapId}`);
  await page.context().close();
  // The report itself is removed for good (DELETE report/{id} only marks it deleted, and the admin overview lists deleted reports).
  const client = e2eClient();
  try {
    if (mapId) await client.execute({ sql: 'delete from company_maps where id = ? and not exists (select 1 from report_chart_maps where map_id = ?)', args: [mapId, mapId] });
    if (reportId) await client.batch(['PRAGMA foreign_keys = ON', { sql: 'delete from reports where id = ?', args: [reportId] }], 'write');
  } finally {
    client.close();
  }
});

test('the Beheerder uploads a boundary file in RD New and sees the preview', async () => {
  await page.goto('/portal/manage/company/1/maps');
  // The form works once the island has hydrated (the file input is disabled until then).
  await expect(page.locator('input[type="file"]')).toBeEnabled();
  await page.getByLabel('Naam', { exact: true }).fill(MAP);
  await page.setInputFiles('input[type="file"]', FIXTURE);
  await expect(page.getByLabel('Eigenschap met de gebiedscode')).toHaveValue('statcode');
  await expect(page.getByLabel('Eigenschap met de gebiedsnaam')).toHaveValue('statnaam');
  const made = page.waitForResponse((r) => r.request().method() === 'POST' && /\/company\/1\/map$/.test(r.url()));
  await page.getByRole('button', { name: 'Kaart uploaden' }).click();
  const response = await made;
  expect(response.status()).toBe(201);
  mapId = ((await response.json()) as { data: { id: number } }).data.id;
  const preview = page.getByTestId('map-preview');
  await expect(preview.getByRole('img', { name: `Kaart ${MAP}` })).toBeVisible({ timeout: 30_000 });
  await expect(preview.locator('path')).toHaveCount(6);
  await expect(page.locator(`li[data-map-id="${mapId}"]`)).toContainText('6 gebieden');
  await axeClean(page, 'kaarten');
  await shot(page, 'maps-tab');
});

test('makes a map chart in a report of its own: the mapping fills itself where codes match', async () => {
  const client = e2eClient();
  const { rows } = await client.execute("select r.project_id, r.start_date, r.end_date, l.survey_id from reports r join report_sections s on s.report_id = r.id join report_charts c on c.section_id = s.id join report_data_locations l on l.chart_id = c.id where r.id = 1 and c.title = 'Rapportcijfer per wijk'");
  client.close();
  const demo = rows[0]!;
  const report = await apiCall<{ data: { id: number } }>(page, 'POST', '/report', { project_id: Number(demo.project_id), title: REPORT, start_date: demo.start_date ?? null, end_date: demo.end_date ?? undefined, direct_access: true, pdf_export: true });
  expect(report.status).toBe(201);
  reportId = report.json.data.id;
  const section = await apiCall<{ data: { id: number } }>(page, 'POST', `/report/${reportId}/section`, { title: 'Per wijk' });
  sectionId = section.json.data.id;
  const made = await apiCall<{ data: { id: number } }>(page, 'POST', '/chart', { section_id: sectionId, chart_type_id: 15, title: TITLE, data_format_id: 4 });
  chartId = made.json.data.id;
  expect((await apiCall(page, 'POST', '/dataLocation', { chart_id: chartId, survey_id: Number(demo.survey_id), column_key: 'rapportcijfer' })).status).toBe(201);
  expect((await apiCall(page, 'POST', `/chart/${chartId}/chartOption`, { key: 'showMarginOfError', value: true })).status).toBe(201);

  await page.goto(`/portal/report/${reportId}/section/${sectionId}/chart/${chartId}/edit/dataLocations`);
  const form = page.getByTestId('map-settings');
  await form.getByRole('combobox', { name: 'Kaart', exact: true }).selectOption({ label: MAP });
  await form.getByLabel('Vraag of filtercategorie met de gebieden').selectOption({ value: 'wijk' });
  await expect(form.getByLabel('Gebied: Haven')).toHaveValue('W6', { timeout: 15_000 });
  await form.getByLabel('Aantal klassen').selectOption('4');
  await form.getByRole('button', { name: 'Kaart opslaan' }).click();
  await expect(page.getByText('Kaart is opgeslagen')).toBeVisible({ timeout: 15_000 });
  await axeClean(page, 'kaartinstellingen');
  await shot(page, 'maps-chart-editor');
});

test('staff view: hover and keyboard focus show name, value, n and margin; baseline', async () => {
  await page.goto(`/portal/report/${reportId}/view`);
  const svg = page.locator(`svg[aria-label="Kaart: ${TITLE}"]`);
  await svg.scrollIntoViewIfNeeded({ timeout: 30_000 });
  const tip = page.getByTestId('map-tip');
  const area = /^Centrum: \d+,\d \(n = \d+\), ± \d+,\d$/;
  await svg.locator('path[data-area="W1"]').hover();
  await expect(tip).toHaveText(area);
  await page.mouse.move(0, 0);
  await expect(tip).toHaveCount(0);
  // Keyboard: the areas are in the tab order; focus shows the same tip.
  await svg.locator('path[data-area="W1"]').focus();
  await expect(tip).toHaveText(area);
  await page.keyboard.press('Tab');
  await expect(tip).toHaveText(/^Noord: \d+,\d \(n = \d+\), ± \d+,\d$/);
  await expect(svg.locator('path[data-area] title')).toHaveCount(6);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(tip).toHaveCount(0);
  await axeClean(page, 'rapportage met kaart');
  await expect(svg).toHaveScreenshot('map-staff.png', { maxDiffPixelRatio: 0.01 });
});

test('public page with JavaScript off: the server SVG; baseline', async () => {
  // JavaScript off in this spec's one context: script execution disabled for the page (DevTools protocol).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  try {
    await page.goto(`/portal/public/report/${reportId}`);
    const svg = page.locator(`.chart-wide svg[aria-label="Kaart: ${TITLE}"]`);
    await expect(svg).toBeVisible();
    await expect(svg.locator('path[data-area]')).toHaveCount(6);
    await expect(svg.locator('path[data-area="W6"] title')).toHaveText(/^Haven: /);
    await expect(svg).toHaveScreenshot('map-public.png', { maxDiffPixelRatio: 0.01 });
  } finally {
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
    await cdp.detach();
  }
});

test('PDF: the map drawn as vectors (rendered with pdftoppm); baseline', async () => {
  const base64 = await page.evaluate(async (id) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    const res = await fetch(`/portal/api/v2/report/${id}/export`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ benchmarks: [{}] }) });
    if (!res.ok) throw new Error(`export ${res.status}`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  }, reportId);
  const dir = mkdtempSync(join(tmpdir(), 'impulz-maps-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), Buffer.from(base64, 'base64'));
    execFileSync('pdftoppm', ['-r', '60', '-png', join(dir, 'r.pdf'), join(dir, 'p')]);
    const pages = readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
    const last = readFileSync(join(dir, pages[pages.length - 1]!));
    await test.info().attach('pdf-map-page', { body: last, contentType: 'image/png' });
    expect(last).toMatchSnapshot('map-pdf-page.png', { maxDiffPixelRatio: 0.01 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the map in use is not deleted: 409 names the chart and its report', async () => {
  await page.goto('/portal/manage/company/1/maps');
  const row = page.locator(`li[data-map-id="${mapId}"]`);
  await row.getByRole('button', { name: `Verwijderen: ${MAP}` }).click();
  await confirmDialog(page);
  await expect(page.getByText(`'${TITLE}' (rapportage '${REPORT}')`)).toBeVisible();
  await expect(row).toBeVisible();
});

test('a Gebruiker (no company.edit, no dashboard.edit) sees neither the Kaarten tab nor the map settings', async () => {
  const own = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)!;
  const client = e2eClient();
  const { token } = await createSession(createDb(client), 3, { ip: null, userAgent: 'e2e' });
  client.close();
  await page.context().addCookies([{ ...own, value: token }]);
  try {
    await page.goto('/portal/manage/company/1/maps');
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await page.goto(`/portal/report/${reportId}/section/${sectionId}/chart/${chartId}/edit/dataLocations`);
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page.getByTestId('map-settings')).toHaveCount(0);
  } finally {
    await page.context().addCookies([own]);
  }
});
