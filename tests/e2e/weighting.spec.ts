import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { WEIGHTED_REPORT_TITLE } from '../../scripts/seed/weighting';
import { apiCall, axeClean, e2eClient, login, shot } from './support';

/**
 * Issue 31: a Beheerder weights the burgerpeiling to the population of Zuiderhaven by uploading
 * the targets on the survey's tab 'Weging', sets the scheme on a report and sees the weighted
 * numbers in the staff view, the PDF and on the public page. The spec works on its own copy of
 * report 1 and its own scheme, and deletes both afterwards: the specs after it read report 1.
 */

const LABEL = 'Gewogen naar leeftijdsgroep, geslacht en wijk';
const NAME = 'Bevolking Zuiderhaven 2026 (upload)';
const TARGETS: Record<string, string> = {
  leeftijd: 'code;aantal\nA1;10.725\nA2;9.900\nA3;10.725\nA4;9.900\n',
  geslacht: 'code;aantal\nM;19275\nV;19500\nX;2475\n',
  wijk: 'code;aantal\nW1;8250\nW2;7425\nW3;6600\nW4;7425\nW5;6600\nW6;4950\n',
};

type Data = { weighting: { label: string } | null; dataLocations: { columnKey: string; benchmarks: { suppressed: boolean; stats?: { options: { percentage: number | null }[] } }[] }[] };
const reportData = async (page: Page, id: number) => (await apiCall<{ data: Data }>(page, 'POST', `/data/1/nl/report/${id}`, { benchmarks: [{}] })).json.data;
const shares = (d: Data) => d.dataLocations.find((l) => l.columnKey === 'tevredengemeente')!.benchmarks[0]!.stats!.options.map((o) => o.percentage);

/** The public page's chart 'Tevredenheid over de dienstverlening' as text (its SVG labels carry the percentages). */
async function publicChartText(page: Page, id: number): Promise<string> {
  await page.goto(`/portal/public/report/${id}`);
  return (await page.locator('figure', { has: page.getByRole('heading', { name: 'Tevredenheid over de dienstverlening', exact: true }) }).locator('.chart-wide').textContent()) ?? '';
}

/** The report's PDF, its first two pages rendered with pdftoppm (.tmp/shots) and its text with pdftotext. */
async function pdfText(page: Page, id: number, name: string): Promise<string> {
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const pdf = await page.request.post(`/portal/api/v2/report/${id}/export`, { data: { benchmarks: [{}] }, headers: { 'X-XSRF-TOKEN': xsrf, Origin: new URL(page.url()).origin } });
  expect(pdf.status()).toBe(200);
  mkdirSync('.tmp/shots', { recursive: true });
  writeFileSync(`.tmp/shots/${name}.pdf`, await pdf.body());
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', `.tmp/shots/${name}.pdf`, `.tmp/shots/${name}`]);
  return execFileSync('pdftotext', ['-layout', `.tmp/shots/${name}.pdf`, '-']).toString().replace(/\s+/g, ' ');
}
const percentages = (text: string) => text.match(/\d+(,\d+)? ?%/g) ?? [];

let surveyId = 0;
let demoReportId = 0;
let schemeId = 0;
let reportId = 0;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  const client = e2eClient();
  const { rows } = await client.execute('select id from surveys where ls_sid = 474747 and company_id = 1');
  surveyId = Number(rows[0]!.id);
  const demo = await client.execute({ sql: 'select id from reports where title = ?', args: [WEIGHTED_REPORT_TITLE] });
  demoReportId = Number(demo.rows[0]!.id);
  client.close();
});

// The copy of report 1 and the scheme are this spec's own: removed also when a step fails (the scheme first: it is set on the copy).
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await login(page);
  if (schemeId) await apiCall(page, 'DELETE', `/survey/${surveyId}/weighting/${schemeId}`);
  await page.close();
  // The report copy is removed for good (DELETE report/{id} only marks it deleted, and the admin overview lists deleted reports).
  if (!reportId) return;
  const client = e2eClient();
  try {
    await client.batch(['PRAGMA foreign_keys = ON', { sql: 'delete from reports where id = ?', args: [reportId] }], 'write');
  } finally {
    client.close();
  }
});

test('a Beheerder uploads the population targets, sets the scheme on a report and sees weighted results everywhere', async ({ page }) => {
  await login(page);
  // A published, public copy of the demo report (report 1 itself stays as the other specs expect it).
  const copy = await apiCall<{ data: { id: number } }>(page, 'POST', '/report/1/copy');
  reportId = copy.json.data.id;
  expect((await apiCall(page, 'PUT', `/report/${reportId}`, { status_id: 3, direct_access: true })).status).toBe(200);
  const before = shares(await reportData(page, reportId));
  const pdfBefore = await pdfText(page, reportId, 'weighting-report-unweighted');
  expect(pdfBefore).not.toContain(LABEL);
  const publicBefore = await publicChartText(page, reportId);
  expect(publicBefore).toMatch(/%/);

  // The survey's tab 'Weging', reached from its edit tabs; the form opened and filled from the keyboard.
  await page.goto(`/portal/survey/${surveyId}/edit`);
  await page.getByRole('link', { name: 'Weging', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/survey/${surveyId}/edit/weighting$`));
  await expect(page.getByRole('heading', { name: 'Wegingen' })).toBeVisible();
  const card = (name: string) => page.getByTestId('weighting-scheme').filter({ has: page.getByRole('heading', { name, exact: true }) });
  // The seeded demo scheme, computed for the current responses.
  await expect(card('Bevolking Zuiderhaven 2026')).toContainText('Actueel');
  const add = page.getByRole('button', { name: 'Nieuwe weging' });
  await expect(add).toBeEnabled();
  await add.focus();
  await page.keyboard.press('Enter');
  const name = page.getByLabel('Naam', { exact: true });
  await expect(name).toBeFocused();
  await page.keyboard.type(NAME);
  for (const key of ['leeftijd', 'geslacht', 'wijk']) {
    await page.getByRole('checkbox', { name: new RegExp(`^${key} –`) }).focus();
    await page.keyboard.press('Space');
    const field = page.getByLabel(`Doelen voor ${key}`, { exact: true });
    await expect(field).toBeVisible();
    await page.getByLabel(`CSV-bestand met de doelen voor ${key}`).setInputFiles({ name: `${key}.csv`, mimeType: 'text/csv', buffer: Buffer.from(TARGETS[key]!) });
    await expect(field).toHaveValue(TARGETS[key]!);
  }
  await axeClean(page, 'weging (formulier)');
  await shot(page, 'survey-weighting-form');
  await page.getByRole('button', { name: 'Opslaan en berekenen' }).focus();
  await page.keyboard.press('Enter');

  const row = card(NAME);
  await expect(row).toContainText(LABEL);
  await expect(row).toContainText('Actueel');
  await expect(page.getByRole('status').filter({ hasText: 'Weging is aangemaakt' })).toBeVisible();
  const result = page.getByTestId('weighting-result');
  await expect(result).toContainText(/Door de weging tellen de [\d.]+ respondenten statistisch als [\d.]+ \(design effect [\d,]+\)/);
  await expect(result.getByRole('table').first()).toContainText('18 t/m 34 jaar');
  await expect(result.getByRole('img', { name: /Verdeling van de gewichten/ })).toBeVisible();
  await axeClean(page, 'weging (resultaat)');
  await shot(page, 'survey-weighting');
  const list = await apiCall<{ data: { id: number; name: string }[] }>(page, 'GET', `/survey/${surveyId}/weighting`);
  schemeId = list.json.data.find((s) => s.name === NAME)!.id;

  // Report editor, tab Algemeen: 'Weging'.
  await page.goto(`/portal/report/${reportId}/edit/base`);
  await page.getByRole('combobox', { name: /^Weging/ }).selectOption({ label: `${NAME} (Burgerpeiling Zuiderhaven)` });
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v2/report/${reportId}`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  expect((await saved).status()).toBe(200);

  // Staff view: the charts say it, and the percentages changed.
  const after = await reportData(page, reportId);
  expect(after.weighting?.label).toBe(LABEL);
  expect(shares(after)).not.toEqual(before);
  await page.goto(`/portal/report/${reportId}`);
  await expect(page.getByText(`${LABEL}.`).first()).toBeVisible({ timeout: 30_000 });

  // PDF: the cover names the weighting and its percentages are not the unweighted ones.
  const pdfAfter = await pdfText(page, reportId, 'weighting-report');
  expect(pdfAfter).toContain(LABEL);
  expect(percentages(pdfAfter).length).toBeGreaterThan(5);
  expect(percentages(pdfAfter)).not.toEqual(percentages(pdfBefore));

  // Public page (no login needed: the report is public).
  const publicAfter = await publicChartText(page, reportId);
  await expect(page.getByTestId('public-weighting')).toHaveText(`${LABEL}.`);
  expect(publicAfter).toMatch(/%/);
  expect(publicAfter).not.toEqual(publicBefore);

  // The seeded demo: one published report weighted with 'Bevolking Zuiderhaven 2026', report 1 not.
  await page.goto(`/portal/public/report/${demoReportId}`);
  await expect(page.getByTestId('public-weighting')).toHaveText(`${LABEL}.`);
  await page.goto('/portal/public/report/1');
  await expect(page.getByTestId('public-report')).toBeVisible();
  await expect(page.getByTestId('public-weighting')).toHaveCount(0);

  // The Samenvatting tab's key figures of the weighted demo say so (report 1's don't); still signed in as the Beheerder.
  await page.goto(`/portal/report/${demoReportId}/summary`);
  await expect(page.getByTestId('key-figures')).toBeVisible();
  await expect(page.getByTestId('key-figures-weighting')).toHaveText(`${LABEL}.`);
  await axeClean(page, 'samenvatting, gewogen');
  await shot(page, 'weighting-summary');
  await page.goto('/portal/report/1/summary');
  await expect(page.getByTestId('key-figures')).toBeVisible();
  await expect(page.getByTestId('key-figures-weighting')).toHaveCount(0);
});
