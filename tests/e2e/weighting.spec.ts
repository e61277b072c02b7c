import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiCall, axeClean, e2eClient, login, shot } from './support';

const LABEL = 'Gewogen naar leeftijd, geslacht en wijk';
const TARGETS: Record<string, string> = {
  leeftijd: 'code;aantal\nA1;10.725\nA2;9.900\nA3;10.725\nA4;9.900\n',
  geslacht: 'code;aantal\nM;19275\nV;19500\nX;2475\n',
  wijk: 'code;aantal\nW1;8250\nW2;7425\nW3;6600\nW4;7425\nW5;6600\nW6;4950\n',
};

type Data = { weighting: { label: string } | null; dataLocations: { columnKey: string; benchmarks: { suppressed: boolean; stats?: { options: { percentage: number | null }[] } }[] }[] };
const reportData = async (page: Page) => (await apiCall<{ data: Data }>(page, 'POST', '/data/1/nl/report/1', { benchmarks: [{}] })).json.data;
const shares = (d: Data) => d.dataLocations.find((l) => l.columnKey === 'tevredengemeente')!.benchmarks[0]!.stats!.options.map((o) => o.percentage);

let surveyId = 0;
let schemeId = 0;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  const client = e2eClient();
  const { rows } = await client.execute("select id from surveys where ls_sid = 474747 and company_id = 1");
  surveyId = Number(rows[0]!.id);
  client.close();
});

// Report 1 is read by the specs after this one: back to unweighted, also when a step fails.
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await login(page);
  await apiCall(page, 'PUT', '/report/1', { weighting_id: null });
  if (schemeId) await apiCall(page, 'DELETE', `/survey/${surveyId}/weighting/${schemeId}`);
  await page.close();
});

test('a Beheerder uploads the population targets, sets the scheme on a report and sees weighted results everywhere', async ({ page }) => {
  await login(page);
  const before = shares(await reportData(page));

  // The survey's tab 'Weging': define the scheme by uploading one targets file per question.
  await page.goto(`/portal/survey/${surveyId}/edit/weighting`);
  await expect(page.getByRole('link', { name: 'Weging' })).toBeVisible();
  await page.getByRole('button', { name: 'Nieuwe weging' }).click();
  await page.getByLabel('Naam').fill('Bevolking Zuiderhaven 2026');
  for (const key of ['leeftijd', 'geslacht', 'wijk']) {
    await page.getByRole('checkbox', { name: new RegExp(`^${key} –`) }).check();
    await page.getByLabel(`Doelen voor ${key}`, { exact: true }).waitFor();
    await page.locator(`textarea#targets-${key} ~ label input[type="file"]`).setInputFiles({ name: `${key}.csv`, mimeType: 'text/csv', buffer: Buffer.from(TARGETS[key]!) });
    await expect(page.getByLabel(`Doelen voor ${key}`, { exact: true })).toHaveValue(TARGETS[key]!);
  }
  await axeClean(page, 'weging (formulier)');
  await page.getByRole('button', { name: 'Opslaan en berekenen' }).click();
  const row = page.getByRole('row', { name: /Bevolking Zuiderhaven 2026/ });
  await expect(row).toContainText(LABEL);
  await expect(row).toContainText('Actueel');
  const result = page.getByTestId('weighting-result');
  await expect(result).toContainText(/Door de weging tellen de [\d.]+ respondenten statistisch als [\d.]+ \(design effect/);
  await expect(result.getByRole('table').first()).toContainText('18 t/m 34 jaar');
  await axeClean(page, 'weging (resultaat)');
  await shot(page, 'survey-weighting');
  const list = await apiCall<{ data: { id: number; name: string }[] }>(page, 'GET', `/survey/${surveyId}/weighting`);
  schemeId = list.json.data.find((s) => s.name === 'Bevolking Zuiderhaven 2026')!.id;

  // Report editor, tab Algemeen: 'Weging'.
  await page.goto('/portal/report/1/edit/base');
  await page.getByLabel('Weging', { exact: true }).selectOption({ label: 'Bevolking Zuiderhaven 2026 (Burgerpeiling Zuiderhaven 2026)' });
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v2/report/1') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  expect((await saved).status()).toBe(200);

  // Staff view: the charts say it, and the percentages changed.
  const after = await reportData(page);
  expect(after.weighting?.label).toBe(LABEL);
  expect(shares(after)).not.toEqual(before);
  await page.goto('/portal/report/1');
  await expect(page.getByText(`${LABEL}.`).first()).toBeVisible({ timeout: 30_000 });

  // PDF: the cover and the chart notes.
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const pdf = await page.request.post('/portal/api/v2/report/1/export', { data: { benchmarks: [{}] }, headers: { 'X-XSRF-TOKEN': xsrf, Origin: new URL(page.url()).origin } });
  expect(pdf.status()).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
  expect(text).toContain(LABEL);

  // Public page (no login needed: the report is public).
  await page.goto('/portal/public/report/1');
  await expect(page.getByTestId('public-weighting')).toHaveText(`${LABEL}.`);
});
