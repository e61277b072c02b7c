import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login } from './support';

// Extra-large screens pin the benchmark menu open (spec 000 §2.12).
test.use({ viewport: { width: 1920, height: 1080 } });

const menu = (page: Page) => page.getByTestId('benchmark-menu');
const firstChart = (page: Page) => page.locator('[data-chart-host]').first();
// Chart 3 of the demo report is a bar chart: one series per benchmark, named in the uPlot legend.
/** Serious or critical WCAG 2.1 AA findings inside the benchmark side menu. */
async function menuViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('[data-benchmark-menu]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const legend = (page: Page, label: string) => page.locator('[data-chart-host="3"]').getByRole('rowheader', { name: new RegExp(`^${label}\\b`) });

test('the server-rendered page (first paint without JavaScript) has the section titles and chart frames', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page);
  const html = await (await page.request.get('/portal/report/1')).text();
  expect(html).toContain('Burgerpeiling Zuiderhaven 2026');
  expect(html).toMatch(/data-chart-host="1"/);
  expect(html).toContain('Grafiek laden');
  // The widgets are there at first paint too (issue 18): the contact block whole, the counter one line per benchmark until its numbers come.
  expect(html).toContain('data-widget="contact"');
  expect(html).toContain('Team Onderzoek en Statistiek');
  expect(html).toMatch(/data-widget="response-counter"[\s\S]*Alle respondenten: wordt geteld…/);
  const two = await (await page.request.get(`/portal/report/1?b=${encodeURIComponent(JSON.stringify([{}, { f: [1] }]))}`)).text();
  expect(two.match(/: wordt geteld…/g)).toHaveLength(2);
  // A filtered benchmark is named at first paint as the hydrated view names it (its option), never by its letter.
  expect(two).toContain('18 t/m 34 jaar: wordt geteld…');
  expect(two).not.toContain('B: wordt geteld…');
  // An option the report does not offer is never named (its label stays unknown), and never a letter either.
  const foreign = await (await page.request.get(`/portal/report/1?b=${encodeURIComponent(JSON.stringify([{}, { f: [999999] }]))}`)).text();
  expect(foreign).toContain('…: wordt geteld…');
  expect(foreign).not.toContain('B: wordt geteld…');
  expect((await page.request.get('/portal/report/999999')).status()).toBe(404);
  await context.close();
});

test('a filtered benchmark keeps its name from first paint to the numbers, and its widget keeps its size', async ({ browser }) => {
  const url = `/portal/report/1?b=${encodeURIComponent(JSON.stringify([{}, { f: [1] }]))}`;
  const counter = (page: Page) => page.locator('[data-widget="response-counter"]').first();
  const live = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await live.newPage();
  await login(page);
  // First paint: the server's HTML without JavaScript (the same session).
  const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 }, storageState: await live.storageState() });
  const first = await still.newPage();
  await first.goto(url);
  await expect(counter(first)).toContainText('18 t/m 34 jaar: wordt geteld…');
  const before = await counter(first).boundingBox();
  await still.close();
  // Hydrated: the same name, now with its number, in a box of the same size (1440 px: the menu is a rail either way).
  await page.goto(url);
  await expect(counter(page)).toContainText(/18 t\/m 34 jaar: [\d.]+/, { timeout: 30_000 });
  await expect(counter(page)).not.toContainText('B:');
  const after = await counter(page).boundingBox();
  expect(after && before && [Math.round(after.width), Math.round(after.height)]).toEqual(before && [Math.round(before.width), Math.round(before.height)]);
  await live.close();
});

test('benchmarks side by side, a bookmark saved and reloaded, the URL shared', async ({ page, context }) => {
  // A long walk (menu, bookmark, shared URL, both tabs): ~29 s alone on the shared 2-core machine, over 30 s beside other specs.
  test.setTimeout(60_000);
  await login(page);
  await page.goto('/portal/report/1');
  await expect(page.getByTestId('report-title')).toHaveText('Burgerpeiling Zuiderhaven 2026');
  // The charts are drawn into their frames once the data answer is in.
  await expect(firstChart(page).locator(':scope > *').first()).toBeVisible({ timeout: 30_000 });
  await expect(menu(page).getByRole('heading', { name: 'Filters' })).toBeVisible();

  // A second benchmark with a filter: the menu turns into benchmarks named after what they are, never a letter.
  await menu(page).getByRole('button', { name: /Benchmark toevoegen/ }).click();
  await expect(menu(page).getByRole('heading', { name: 'Benchmarks' })).toBeVisible();
  await expect(menu(page).getByRole('button', { name: 'Benchmark Alle respondenten (2) bewerken' })).toHaveAttribute('aria-pressed', 'true');
  const option = menu(page).getByRole('group', { name: 'Geslacht' }).getByRole('checkbox').first();
  await expect(option).toBeEnabled({ timeout: 15_000 });
  await option.check();
  await expect(page).toHaveURL(/[?&]b=/);
  // Both series appear in the first chart, named after what they are (not A and B).
  await expect(legend(page, 'Man')).toBeVisible({ timeout: 30_000 });
  await expect(legend(page, 'Alle respondenten')).toBeVisible();

  // Reorder with the keyboard (focus follows) and back with the button.
  const rows = menu(page).getByTestId('benchmark-list').getByRole('listitem');
  await menu(page).getByRole('button', { name: 'Benchmark Man bewerken' }).press('Alt+ArrowUp');
  await expect(rows.first()).toContainText('Man');
  await expect(menu(page).getByRole('button', { name: 'Benchmark Man bewerken' })).toBeFocused();
  await expect(menu(page).getByTestId('benchmark-editor')).toHaveAccessibleName('Benchmark Man bewerken');
  await menu(page).getByRole('button', { name: 'Benchmark Man omlaag' }).click();
  await expect(rows.last()).toContainText('Man');

  // Save as a bookmark; saving the same view again is disabled.
  const name = `E2E uitsplitsing ${Date.now()}`;
  await menu(page).getByTestId('bookmark-name').fill(name);
  await menu(page).getByTestId('bookmark-name').press('Enter');
  await expect(menu(page).getByText(`${name.length}/60`)).toBeVisible();
  await menu(page).getByRole('button', { name: 'Uitsplitsing opslaan' }).click();
  await expect(page.getByText('Uitsplitsing is aangemaakt')).toBeVisible();
  const select = menu(page).getByLabel('Kies een uitsplitsing');
  await expect(select.locator('option:checked')).toHaveText(name);
  await expect(menu(page).getByRole('button', { name: 'Uitsplitsing opslaan' })).toBeDisabled();

  // None → back to one empty benchmark; choosing the bookmark restores both.
  await select.selectOption({ label: 'Geen uitsplitsing' });
  await expect(menu(page).getByRole('heading', { name: 'Filters' })).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]b=/);
  await select.selectOption({ label: name });
  await expect(menu(page).getByTestId('benchmark-list').getByRole('listitem')).toHaveCount(2);

  // The URL alone reproduces the view in a new page.
  const shared = page.url();
  const other = await context.newPage();
  await other.goto(shared);
  await expect(menu(other).getByTestId('benchmark-list').getByRole('listitem')).toHaveCount(2);
  await expect(menu(other).getByLabel('Kies een uitsplitsing').locator('option:checked')).toHaveText(name);
  await expect(legend(other, 'Man')).toBeVisible({ timeout: 30_000 });
  await other.close();

  // The Samenvatting tab keeps the benchmarks: two columns of key figures.
  await page.getByRole('link', { name: 'Samenvatting' }).click();
  await expect(page.getByTestId('key-figures').getByRole('columnheader')).toHaveCount(3, { timeout: 30_000 });
  await page.getByRole('link', { name: 'Rapportage', exact: true }).last().click();
  await expect(menu(page).getByTestId('benchmark-list').getByRole('listitem')).toHaveCount(2);

  // Clean up: delete the bookmark after the confirmation.
  await menu(page).getByRole('button', { name: 'Uitsplitsing verwijderen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Uitsplitsing verwijderen' });
  await expect(dialog).toContainText('Weet u zeker dat u deze uitsplitsing wilt verwijderen?');
  await dialog.getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText('Element is verwijderd')).toBeVisible();
  await expect(select.locator('option', { hasText: name })).toHaveCount(0);
  await expect(select.locator('option', { hasText: 'Jong en oud' })).toHaveCount(1);
});

test('summary tab shows key figures per benchmark and asks the assistant', async ({ page }) => {
  await login(page);
  await page.goto('/portal/report/1/summary');
  await expect(page.getByTestId('key-figures')).toContainText('Respondenten', { timeout: 30_000 });
  await page.getByLabel('Uw vraag of opdracht').fill('Wat valt op?');
  await page.getByRole('button', { name: 'Vraag analyse' }).click();
  await expect(page.getByTestId('ai-answer')).toContainText('Bron:', { timeout: 30_000 });
});

test('the Export button downloads the report as a PDF with the current benchmarks', async ({ page }) => {
  await login(page);
  await page.goto('/portal/report/1?b=%5B%7B%7D%2C%7B%22f%22%3A%5B1%5D%7D%5D');
  await expect(legend(page, '18 t/m 34 jaar')).toBeVisible({ timeout: 30_000 });
  const button = page.locator('[data-export-report]');
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Burgerpeiling Zuiderhaven 2026.pdf');
  // The shell re-enables the button once the listener reports impulz:export-done.
  await expect(button).toBeEnabled({ timeout: 60_000 });
});

test('a benchmark below min_n shows no numbers, only the suppression text', async ({ page }) => {
  await login(page);
  // B is one age group in one district of one gender with one verbeterpunt: fewer than the report's
  // min_n of 10 respondents. (Report 1 has no date filter: a two-day range would not be accepted.)
  const small = encodeURIComponent(JSON.stringify([{}, { f: [1, 101, 201, 301] }]));
  await page.goto(`/portal/report/1?b=${small}`);
  await expect(page.locator('[data-chart-host="3"]')).toContainText('Te weinig respondenten', { timeout: 30_000 });
  await expect(page.locator('[data-chart-host="2"]')).toContainText('Te weinig respondenten');
  await page.goto(`/portal/report/1/summary?b=${small}`);
  await expect(page.getByTestId('key-figures').getByRole('row', { name: /Respondenten/ })).toContainText('Te weinig respondenten (minder dan 10)', { timeout: 30_000 });
});

test('the benchmark menu is a rail at 1440 that opens over the content, pins for good and is pinned at 1920', async ({ page }) => {
  // Four reloads, three widths and two axe runs: 25 s alone on this machine, over 30 s beside other work.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await login(page);
  // One filter option chosen: the folded rail shows the count.
  await page.goto(`/portal/report/1?b=${encodeURIComponent(JSON.stringify([{ f: [1] }]))}`);
  const aside = page.locator('[data-benchmark-menu]');
  const pin = aside.locator('[data-benchmark-pin]');
  const width = async (locator = aside) => (await locator.boundingBox())!.width;
  const mainBox = async () => (await page.locator('#main').boundingBox())!;
  await page.mouse.move(700, 600);
  await expect(aside).toHaveAttribute('data-pinned', '0');
  await expect(pin).toHaveAttribute('aria-label', 'Benchmarkmenu vastzetten');
  await expect(pin).toHaveAttribute('aria-pressed', 'false');
  await expect(menu(page)).toBeHidden();
  await expect(aside.locator('.benchmark-rail [data-benchmark-count]')).toHaveText(/^1\s*1 filter actief$/);
  expect(await width()).toBe(56);
  expect(await menuViolations(page)).toEqual([]);
  const before = await mainBox();

  // Hover opens the 320 px menu as an overlay: the rail keeps its place, so the content does not move.
  await pin.hover();
  await expect(menu(page)).toBeVisible();
  await expect.poll(() => width(aside.locator('.benchmark-panel'))).toBe(320);
  expect(await width()).toBe(56);
  expect((await mainBox()).width).toBe(before.width);
  await page.mouse.move(700, 600);
  await expect(menu(page)).toBeHidden();

  // Keyboard focus opens it too.
  await pin.focus();
  await expect(menu(page)).toBeVisible();
  await page.locator('#main').focus();
  await expect(menu(page)).toBeHidden();

  // Pinned, the menu takes its 320 px and the content makes room; the choice survives a reload.
  await pin.click();
  await page.mouse.move(700, 600);
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await expect(pin).toHaveAttribute('aria-label', 'Benchmarkmenu losmaken');
  await expect.poll(() => width()).toBe(320);
  expect((await mainBox()).width).toBeLessThan(before.width);
  await page.reload();
  await page.mouse.move(700, 600);
  await expect(aside).toHaveAttribute('data-pinned', '1');
  await expect(menu(page)).toBeVisible();
  expect(await width()).toBe(320);

  // Without a choice, 1920 px screens start pinned; unpinning there is remembered as well.
  await page.evaluate(() => localStorage.removeItem('impulz.benchmarkMenuPinned'));
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.reload();
  await page.mouse.move(900, 600);
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  expect(await width()).toBe(320);
  await pin.click();
  await page.mouse.move(900, 600);
  await page.reload();
  await expect(aside).toHaveAttribute('data-pinned', '0');
  await expect(menu(page)).toBeHidden();

  // Phones: no rail; a button opens the menu as a drawer and Escape closes it again.
  await page.setViewportSize({ width: 412, height: 900 });
  const open = page.getByRole('button', { name: /^Benchmarks en filters/ });
  await expect(pin).toBeHidden();
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await expect(menu(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Benchmarkmenu sluiten' })).toBeFocused();
  expect(await menuViolations(page)).toEqual([]);
  // The drawer is modal: Shift+Tab from its first control wraps to its last one.
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-benchmark-panel]') && !document.activeElement.matches('[data-benchmark-close]'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
  await expect(open).toBeFocused();
});
