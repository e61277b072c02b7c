import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'ImpulZ-demo-2026!';

async function login(page: Page) {
  await page.goto('/portal/login');
  await page.getByLabel('E-mailadres').fill('beheerder@demo.impulz.nl');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/portal\/$/);
}

interface ApiReport {
  id: number;
  title: string;
  archived: boolean;
  project_id: number;
  sections?: { id: number; title: string; order: number }[];
}

/** A read through the API with the page's session (GETs need no CSRF token). */
async function get<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(`/portal/api/v2/${p}`, { headers: { Accept: 'application/json' } });
    return ((await res.json()) as { data: unknown }).data;
  }, path) as Promise<T>;
}

const sectionTitles = (page: Page) => page.getByRole('list', { name: 'Secties' }).locator(':scope > li h3').allTextContents();

test('the Beheerder creates a report, orders its sections by keyboard, copies, archives and de-archives it', async ({ page }) => {
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
  page.once('dialog', (d) => void d.accept());
  const archive = page.getByRole('button', { name: 'Archiveren' });
  await expect(archive).toBeEnabled();
  await archive.click();
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
  await page.goto('/portal/report/overview?tab=concept');
  await expect(page.getByRole('link', { name: 'Concept' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
});
