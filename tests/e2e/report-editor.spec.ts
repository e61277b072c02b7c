import { expect, test, type Page } from '@playwright/test';
import { apiCall, axeClean, login, shot, confirmDialog } from './support';


interface ApiReport {
  id: number;
  title: string;
  archived: boolean;
  project_id: number;
  sections?: { id: number; title: string; order: number }[];
}

/** A read through the API with the page's session. */
async function get<T>(page: Page, path: string): Promise<T> {
  return ((await apiCall<{ data: T }>(page, 'GET', path)).json).data;
}

const sectionTitles = (page: Page) => page.getByRole('list', { name: 'Secties' }).locator(':scope > li h3').allTextContents();

test('the Beheerder creates a report, orders its sections by keyboard, copies, archives and de-archives it', async ({ page }) => {
  // Create, two reorders, copy, archive with confirmation, de-archive: 19 s alone, 33 s on a loaded machine (CI).
  test.setTimeout(60_000);
  await login(page);
  const title = `E2E rapportage ${Date.now()}`;

  // New report in project 1: zod messages first, then created and on to its editor.
  await page.goto('/portal/project/1/report/new');
  const save = page.getByRole('button', { name: 'Rapportage aanmaken' });
  await expect(save).toBeEnabled();
  await page.getByLabel('Maximaal aantal benchmarks').fill('0');
  await save.click();
  await expect(page.locator('#main').getByText('Minimaal 1 benchmark')).toBeVisible();
  await expect(page.locator('#main').getByText('Dit veld mag niet leeg zijn')).toBeVisible();
  await page.getByLabel('Titel').fill(title);
  await page.getByLabel('Maximaal aantal benchmarks').fill('3');
  await save.click();
  await expect(page).toHaveURL(/\/portal\/report\/\d+\/edit\/base$/);
  const id = Number(/report\/(\d+)\/edit/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(await get<ApiReport>(page, `report/${id}`)).toMatchObject({ title, project_id: 1, archived: false });

  // Protection mode (base tab): one Dutch sentence per mode; cell key saved through the API.
  await expect(page.getByRole('group', { name: 'Bescherming van kleine groepen' })).toBeVisible();
  await expect(page.getByText(/^Licht afronden: elk aantal krijgt een vaste kleine afwijking/)).toBeVisible();
  await expect(page.getByRole('radio', { name: /Weglaten \(exacte aantallen\)/ })).toBeChecked();
  await page.getByRole('radio', { name: /Licht afronden \(celsleutel\)/ }).check();
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect.poll(async () => (await get<{ protection: string }>(page, `report/${id}`)).protection).toBe('cellkey');
  await page.reload();
  await expect(page.getByRole('radio', { name: /Licht afronden \(celsleutel\)/ })).toBeChecked();
  await axeClean(page, 'report editor, base tab');
  await shot(page, 'report-base-tab');

  // An unknown report's editor is a 404, like the API's answer for another company's report.
  expect((await page.request.get('/portal/report/999999/edit/base')).status()).toBe(404);

  // Two sections.
  const addButton = page.getByRole('button', { name: 'Sectie toevoegen' });
  await expect(addButton).toBeEnabled();
  for (const name of ['Sectie A', 'Sectie B']) {
    await page.getByLabel('Titel van de nieuwe sectie').fill(name);
    await addButton.click();
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  }
  expect(await sectionTitles(page)).toEqual(['Sectie A', 'Sectie B']);

  // Keyboard drag: focus the grip of B, Space picks it up, ArrowUp moves, Space drops.
  const saved = () => page.waitForResponse((r) => r.url().endsWith(`/report/${id}/section/order`) && r.request().method() === 'PATCH');
  let patch = saved();
  await page.getByRole('button', { name: 'Verslepen: Sectie B' }).focus();
  await page.keyboard.press('Space');
  await page.waitForTimeout(150);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  expect((await patch).status()).toBe(200);
  await expect.poll(() => sectionTitles(page)).toEqual(['Sectie B', 'Sectie A']);
  const afterDrag = await get<ApiReport>(page, `report/${id}?include=sections`);
  expect(afterDrag.sections!.map((s) => s.title)).toEqual(['Sectie B', 'Sectie A']);

  // The button alternative, by keyboard as well: Enter on 'Omlaag' of B.
  patch = saved();
  await page.getByRole('button', { name: 'Omlaag: Sectie B' }).focus();
  await page.keyboard.press('Enter');
  expect((await patch).status()).toBe(200);
  await expect.poll(() => sectionTitles(page)).toEqual(['Sectie A', 'Sectie B']);
  expect((await get<ApiReport>(page, `report/${id}?include=sections`)).sections!.map((s) => s.title)).toEqual(['Sectie A', 'Sectie B']);

  // Copy: opens the copy's editor, with both sections.
  await page.goto(`/portal/report/${id}/edit/copy`);
  const copyButton = page.getByRole('button', { name: 'Kopie maken' });
  await expect(copyButton).toBeEnabled();
  await copyButton.click();
  await expect(page).not.toHaveURL(new RegExp(`/report/${id}/edit`));
  await expect(page).toHaveURL(/\/portal\/report\/\d+\/edit\/base$/);
  const copyId = Number(/report\/(\d+)\/edit/.exec(page.url())![1]);
  const copy = await get<ApiReport>(page, `report/${copyId}?include=sections`);
  expect(copy.title).toContain(title);
  expect(copy.sections!.map((s) => s.title)).toEqual(['Sectie A', 'Sectie B']);
  expect(await sectionTitles(page)).toEqual(['Sectie A', 'Sectie B']);

  // Archive the original from its editor…
  await page.goto(`/portal/report/${id}/edit/base`);
  const archive = page.getByRole('button', { name: 'Archiveren' });
  await expect(archive).toBeEnabled();
  await archive.click();
  await confirmDialog(page);
  await expect(page.getByRole('status').filter({ hasText: /^Gearchiveerd$/ })).toBeVisible();
  await expect(page.locator('#main').getByRole('button', { name: 'Uit archief halen' })).toBeVisible();
  expect(await get<ApiReport>(page, `report/${id}`)).toMatchObject({ archived: true });
  expect((await get<ApiReport[]>(page, 'report')).some((r) => r.id === id)).toBe(false);

  // …it is in the archive tab, not in 'Alle'; de-archive it there.
  await page.goto('/portal/report/overview?tab=all');
  await expect(page.getByRole('heading', { name: copy.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: title, exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Archief' }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  const dearchive = page.getByRole('button', { name: `Uit archief halen: ${title}` });
  await expect(dearchive).toBeEnabled();
  await dearchive.click();
  await expect(row).toHaveCount(0);
  expect(await get<ApiReport>(page, `report/${id}`)).toMatchObject({ archived: false });
  expect((await get<ApiReport[]>(page, 'report')).some((r) => r.id === id)).toBe(true);

  // The side navigation's 'Rapportages' opens the Concept tab, where the new report (status Concept) is.
  await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Rapportages' }).click();
  await expect(page).toHaveURL(/\/portal\/report\/overview\?tab=concept$/);
  await expect(page.getByRole('link', { name: 'Concept', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
});

/** A mutating call through the API with the page's session and its XSRF cookie. */
async function send<T>(page: Page, method: string, path: string, body: unknown): Promise<T> {
  return ((await apiCall<{ data: T }>(page, method, path, body)).json).data;
}

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('the editor tabs fill a report from the survey, take an image, a widget and a variant', async ({ page }) => {
  await login(page);
  await page.goto('/portal/report/overview');
  const report = await send<ApiReport>(page, 'POST', 'report', { project_id: 1, title: `E2E tabs ${Date.now()}` });

  // Vulling: one section per question group of the demo survey.
  await page.goto(`/portal/report/${report.id}/edit/seed`);
  await page.getByLabel('Onderzoek').selectOption({ label: 'Burgerpeiling Zuiderhaven (474747)' });
  const fill = page.getByRole('button', { name: 'Vullen' });
  await expect(fill).toBeEnabled();
  await fill.click();
  await expect(page.locator('#main').getByText(/De rapportage heeft nu \d+ secties en \d+ grafieken/)).toBeVisible({ timeout: 30_000 });
  const seeded = await get<ApiReport>(page, `report/${report.id}?include=sections`);
  expect(seeded.sections!.length).toBeGreaterThan(0);

  // Algemeen: the seeded sections are listed; a widget goes into the first one.
  await page.goto(`/portal/report/${report.id}/edit/base`);
  const first = page.getByRole('list', { name: 'Secties' }).locator(':scope > li').first();
  await expect(first.getByRole('heading', { level: 3, name: seeded.sections![0]!.title })).toBeVisible();
  await first.locator('summary').click();
  await first.getByLabel('Soort widget').selectOption({ label: 'Responsteller' });
  await first.getByLabel('Kop (optioneel)').fill('Aantal deelnemers');
  await first.getByRole('button', { name: 'Widget toevoegen' }).click();
  await expect(first.getByText('Responsteller · Aantal deelnemers')).toBeVisible();
  const withWidgets = await get<{ sections: { widgets: { widget_type_id: number; settings: { label?: string } }[] }[] }>(page, `report/${report.id}?include=sections.widgets`);
  expect(withWidgets.sections[0]!.widgets).toEqual([expect.objectContaining({ widget_type_id: 1, settings: { label: 'Aantal deelnemers' } })]);

  // Lezers: one explicit reader restricts the report, removing it opens it to the project again.
  const reader = page.getByRole('checkbox', { name: /gebruiker@demo\.impulz\.nl/ });
  let saved = page.waitForResponse((r) => r.url().includes(`/report/${report.id}/user/`) && r.request().method() === 'PUT');
  await reader.check();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Nu: alleen zichtbaar voor 1 gekozen lezer.')).toBeVisible();
  expect((await get<{ email: string }[]>(page, `report/${report.id}/user`)).map((u) => u.email)).toEqual(['gebruiker@demo.impulz.nl']);
  saved = page.waitForResponse((r) => r.url().includes(`/report/${report.id}/user/`) && r.request().method() === 'DELETE');
  await reader.uncheck();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Nu: zichtbaar voor alle deelnemers van het project.')).toBeVisible();
  expect(await get<unknown[]>(page, `report/${report.id}/user`)).toEqual([]);

  // Leaving Algemeen remembers the scroll position plus 128; coming back scrolls there (spec 000 §2.4).
  // (Navigating by script: clicking the tab would first scroll it into view.)
  await page.evaluate(() => {
    window.scrollTo(0, 200);
    location.assign(location.pathname.replace(/base$/, 'background'));
  });
  await expect(page).toHaveURL(/edit\/background$/);
  await page.getByRole('link', { name: 'Algemeen', exact: true }).click();
  await expect(page).toHaveURL(/edit\/base$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(328);

  // Achtergrond: upload and preview.
  await page.goto(`/portal/report/${report.id}/edit/background`);
  await expect(page.getByText('Er is nog geen afbeelding ingesteld.')).toBeVisible();
  await page.getByLabel(/Afbeelding \(png/).setInputFiles({ name: 'kop.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Uploaden' }).click();
  await expect(page.getByRole('img', { name: 'Huidige afbeelding' })).toBeVisible();
  expect(await get<{ image_url: string | null }>(page, `report/${report.id}`)).toMatchObject({ image_url: `/portal/api/v2/report/${report.id}/image` });

  // Varianten: a sub-report of this one.
  await page.goto(`/portal/report/${report.id}/edit/variants`);
  await expect(page.getByText('Deze rapportage heeft nog geen varianten.')).toBeVisible();
  await page.getByLabel('Titel van de nieuwe variant').fill('Variant Noord');
  await page.getByRole('button', { name: 'Variant aanmaken' }).click();
  await expect(page.getByRole('list', { name: 'Varianten (subrapportages)' }).getByText('Variant Noord')).toBeVisible();
  const variants = await get<(ApiReport & { parent_report_id: number })[]>(page, `report/${report.id}/variant`);
  expect(variants).toEqual([expect.objectContaining({ title: 'Variant Noord', parent_report_id: report.id })]);
});

test("another company's Beheerder gets 404 for Zuiderhaven's report editor and project", async ({ page }) => {
  await login(page, 'beheerder@noordbroek.demo.impulz.nl');
  for (const path of ['/portal/report/1/edit/base', '/portal/report/1/edit/filters', '/portal/project/1/report/new']) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  // Their own overview lists none of Zuiderhaven's reports.
  await page.goto('/portal/report/overview?tab=all');
  await expect(page.getByRole('heading', { name: 'Burgerpeiling Zuiderhaven 2026' })).toHaveCount(0);
});
