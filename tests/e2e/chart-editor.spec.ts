import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiCall as call, login } from './support';



/** The survey picker lists only surveys with tokens: give the demo survey a few if it has none. */
async function demoSurveyWithTokens(page: Page): Promise<number> {
  type Light = { data: { id: number; displayTitle: string; hasTokens: boolean }[] };
  const find = async () => (await call<Light>(page, 'GET', '/survey/index-items/light')).json.data.find((s) => s.displayTitle.startsWith('Burgerpeiling Zuiderhaven'))!;
  const survey = await find();
  if (!survey.hasTokens) {
    expect((await call(page, 'POST', `/survey/${survey.id}/token/generate`, { count: 3 })).status).toBe(202);
    await expect.poll(async () => (await find()).hasTokens, { timeout: 30_000 }).toBe(true);
  }
  return survey.id;
}

/** Pick the option whose text starts with a question code ("tevredengemeente – Hoe tevreden…"). */
async function pickQuestion(page: Page, code: string) {
  const select = page.getByRole('combobox', { name: 'Vraag', exact: true });
  await expect(select.locator('option', { hasText: `${code} – ` })).toHaveCount(1);
  const value = await select.locator('option', { hasText: `${code} – ` }).getAttribute('value');
  await select.selectOption(value!);
}

async function addDataset(page: Page, code: string, sub?: string) {
  await pickQuestion(page, code);
  if (sub) await page.getByRole('combobox', { name: 'Deelvraag' }).selectOption({ label: sub });
  await page.getByRole('button', { name: 'Dataset toevoegen' }).click();
}

const preview = (page: Page) => page.locator('[data-chart-preview]');

/** No serious or critical WCAG 2.1 AA violations on the page as it is now. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), what).toEqual([]);
}

test('chart editor: bar chart on a Likert question, line chart by month, keyboard reorder, save', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  await demoSurveyWithTokens(page);
  const stamp = Date.now();
  const report = await call<{ data: { id: number } }>(page, 'POST', '/report', { project_id: 1, title: `E2E grafiekeditor ${stamp}` });
  expect(report.status).toBe(201);
  const reportId = report.json.data.id;
  const section = await call<{ data: { id: number } }>(page, 'POST', `/report/${reportId}/section`, { title: 'Dienstverlening' });
  const sectionId = section.json.data.id;

  // 1. A bar chart on the Likert question 'tevredengemeente'.
  await page.goto(`/portal/report/${reportId}/section/${sectionId}/chart/new`);
  await expect(page.getByRole('link', { name: /Terug naar rapport/ })).toHaveAttribute('href', `/portal/report/${reportId}/edit`);
  await page.getByRole('button', { name: 'Grafiek aanmaken' }).click();
  await expect(page.locator('#main').getByText('Dit veld mag niet leeg zijn')).toBeVisible();
  await page.getByRole('textbox', { name: /^Titel/ }).fill('Tevredenheid dienstverlening');
  await page.getByRole('combobox', { name: 'Grafiektype' }).selectOption({ label: 'Staafdiagram (horizontaal)' });
  await page.getByRole('button', { name: 'Grafiek aanmaken' }).click();
  await expect(page).toHaveURL(/\/chart\/\d+\/edit\/dataLocations$/);
  const barId = Number(/chart\/(\d+)\/edit/.exec(page.url())![1]);

  await addDataset(page, 'tevredengemeente');
  await expect(page.locator('[data-location-key="tevredengemeente"]')).toBeVisible();
  await expect(preview(page)).toHaveAttribute('data-status', 'ready');
  await expect(preview(page).locator('svg, canvas').first()).toBeVisible();
  // One benchmark is one series: no legend (its name would say nothing); labels are on the canvas.
  await expect(preview(page).locator('canvas').first()).toBeVisible();
  await expect(preview(page).locator('.u-legend')).toHaveCount(0);

  // A second dataset (array row, subquestion required) to reorder.
  await pickQuestion(page, 'buurt');
  await page.getByRole('button', { name: 'Dataset toevoegen' }).click();
  await expect(page.locator('#main').getByText('Kies een deelvraag')).toBeVisible();
  await page.getByRole('combobox', { name: 'Deelvraag' }).selectOption({ label: 'Straatverlichting' });
  await page.getByRole('button', { name: 'Dataset toevoegen' }).click();
  await expect(page.locator('[data-location-key]')).toHaveCount(2);

  // Keyboard reorder with the drag handle: Space picks up, ArrowUp moves, Space drops.
  const handle = page.locator('[data-location-key="buurt_SQ003"]').getByRole('button', { name: /^Verplaats/ });
  await handle.focus();
  // dnd-kit measures the list after pick-up: give it a moment between the keys.
  await page.keyboard.press('Space');
  await page.waitForTimeout(150);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect(page.locator('[data-location-key]').first()).toHaveAttribute('data-location-key', 'buurt_SQ003');
  await expect.poll(async () => (await call<{ data: { dataLocations: { column_key: string }[] } }>(page, 'GET', `/chart/${barId}`)).json.data.dataLocations.map((d) => d.column_key)).toEqual(['buurt_SQ003', 'tevredengemeente']);
  // …and back with the Omhoog button, by keyboard as well.
  await page.getByRole('button', { name: /^Omhoog: Hoe tevreden bent u over de dienstverlening/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-location-key]').first()).toHaveAttribute('data-location-key', 'tevredengemeente');
  await expectAccessible(page, 'Datasets');

  // 2. Algemeen: appearance changes redraw at once (no refetch), save writes them.
  await page.goto(`/portal/report/${reportId}/section/${sectionId}/chart/${barId}/edit/base`);
  await expect(preview(page)).toHaveAttribute('data-status', 'ready');
  // Appearance changes redraw from the last answer: no data call, the drawing follows at once.
  let dataCalls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/v2/data/')) dataCalls++;
  });
  await expect(preview(page).locator('[data-chart-kind="bar"]')).toBeVisible();
  await expectAccessible(page, 'Algemeen');
  await page.getByRole('combobox', { name: 'Grafiektype' }).selectOption({ label: 'Kolomdiagram' });
  await expect(preview(page).locator('[data-chart-kind="column"]')).toBeVisible();
  await page.getByLabel('Grijstinten (print)').check();
  await page.getByRole('combobox', { name: 'Grafiektype' }).selectOption({ label: 'Staafdiagram (horizontaal)' });
  await expect(preview(page).locator('[data-chart-kind="bar"]')).toBeVisible();
  await page.waitForTimeout(600);
  expect(dataCalls).toBe(0);
  await page.getByRole('textbox', { name: /^Titel/ }).fill('Tevredenheid over de gemeente');
  await page.getByRole('combobox', { name: 'Sortering' }).selectOption({ label: 'Hoogste waarde eerst' });
  await page.getByLabel('Kleurenblind-veilig').check();
  await page.getByLabel('Toon n per antwoord').check();
  await page.getByRole('spinbutton', { name: 'Aantal decimalen' }).fill('5');
  await page.getByRole('spinbutton', { name: 'Maximum van de as' }).fill('0');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.locator('#main').getByText('Kies een heel getal van 0 tot en met 3')).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Maximum van de as' })).toHaveAccessibleDescription('Leeg: volgt uit de cijfers Kies een getal groter dan 0 en hoogstens 1.000.000');
  await page.getByRole('spinbutton', { name: 'Aantal decimalen' }).fill('1');
  await page.getByRole('spinbutton', { name: 'Maximum van de as' }).fill('80');
  await expect(page.getByText('Niet-opgeslagen wijzigingen')).toBeVisible();
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Grafiek is opgeslagen').first()).toBeVisible();
  // The chart options are written right after the chart itself; then nothing is unsaved.
  await expect(page.getByText('Niet-opgeslagen wijzigingen')).toBeHidden();
  const saved = await call<{ data: { title: string; sorting_option_id: number; color_scheme_id: number; options: Record<string, unknown> } }>(page, 'GET', `/chart/${barId}`);
  expect(saved.json.data).toMatchObject({ title: 'Tevredenheid over de gemeente', sorting_option_id: 2, color_scheme_id: 2 });
  expect(saved.json.data.options).toMatchObject({ showN: true, decimals: 1, max: 80 });
  // Clearing 'Maximum van de as' deletes the stored value: the axis follows the data again.
  await page.getByRole('spinbutton', { name: 'Maximum van de as' }).fill('');
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByText('Niet-opgeslagen wijzigingen')).toBeHidden();
  await expect.poll(async () => (await call<{ data: { options: Record<string, unknown> } }>(page, 'GET', `/chart/${barId}`)).json.data.options).not.toHaveProperty('max');

  // A markdown text above the chart: toolbar bold, list continued by Enter, preview, save.
  const before = page.locator('[data-text-editor="before"]');
  const area = before.getByRole('textbox', { name: 'Tekst boven de grafiek' });
  await area.fill('Toelichting');
  await area.selectText();
  await before.getByRole('button', { name: 'Vet' }).click();
  await expect(area).toHaveValue('**Toelichting**');
  await area.press('End');
  await area.press('Enter');
  await area.pressSequentially('- punt een');
  await area.press('Enter');
  await area.pressSequentially('punt twee');
  await expect(area).toHaveValue('**Toelichting**\n- punt een\n- punt twee');
  await before.getByRole('button', { name: 'Voorbeeld' }).click();
  await expect(before.locator('[data-markdown-preview] strong')).toHaveText('Toelichting');
  await expect(before.locator('[data-markdown-preview] li')).toHaveCount(2);
  await before.getByRole('button', { name: 'Tekst opslaan' }).click();
  await expect(page.getByText('Tekst is aangemaakt').first()).toBeVisible();
  const withText = await call<{ data: { texts: { position: string; body: string }[] } }>(page, 'GET', `/chart/${barId}`);
  expect(withText.json.data.texts).toEqual([expect.objectContaining({ position: 'before', body: '**Toelichting**\n- punt een\n- punt twee' })]);

  // 3. A line chart with granularity month.
  await page.goto(`/portal/report/${reportId}/section/${sectionId}/chart/new`);
  await page.getByRole('textbox', { name: /^Titel/ }).fill('Tevredenheid per maand');
  await page.getByRole('combobox', { name: 'Grafiektype' }).selectOption({ label: 'Lijndiagram' });
  await page.getByRole('combobox', { name: 'Granulariteit' }).selectOption({ label: 'Maand' });
  await page.getByRole('button', { name: 'Grafiek aanmaken' }).click();
  await expect(page).toHaveURL(/\/chart\/\d+\/edit\/dataLocations$/);
  const lineId = Number(/chart\/(\d+)\/edit/.exec(page.url())![1]);
  await addDataset(page, 'tevredengemeente');
  await expect(preview(page)).toHaveAttribute('data-status', 'ready');
  await expect(preview(page).locator('[data-chart-kind="line"]')).toBeVisible();
  await expect(preview(page).locator('svg, canvas').first()).toBeVisible();
  await expect(preview(page).getByRole('rowheader').first()).toBeVisible();
  const line = await call<{ data: { chart_type_id: number; granularity_id: number } }>(page, 'GET', `/chart/${lineId}`);
  expect(line.json.data).toMatchObject({ chart_type_id: 7, granularity_id: 3 });

  // 4. An R chart from the form, without R code: satisfaction by age group.
  await page.goto(`/portal/report/${reportId}/section/${sectionId}/chart/new`);
  await page.getByRole('textbox', { name: /^Titel/ }).fill('Tevredenheid naar leeftijd');
  await page.getByRole('combobox', { name: 'Grafiektype' }).selectOption({ label: 'R-grafiek' });
  const rform = page.locator('[data-rchart-form]');
  await rform.getByRole('combobox', { name: 'Analyse' }).selectOption({ label: 'Kruistabel' });
  await page.getByRole('button', { name: 'Grafiek aanmaken' }).click();
  await expect(rform.getByText('Kies een onderzoek')).toBeVisible();
  await rform.getByRole('combobox', { name: 'Onderzoek' }).selectOption({ label: 'Burgerpeiling Zuiderhaven (474747)' });
  await expect(rform.getByRole('combobox', { name: /^Vraag/ }).locator('option[value="tevredengemeente"]')).toHaveCount(1);
  await rform.getByRole('combobox', { name: /^Vraag/ }).selectOption('tevredengemeente');
  await rform.getByRole('combobox', { name: /^Uitsplitsen naar/ }).selectOption('leeftijd');
  await page.getByRole('button', { name: 'Grafiek aanmaken' }).click();
  await expect(page).toHaveURL(/\/chart\/\d+\/edit\/base$/);
  const table = preview(page).locator('[data-rchart-preview] table');
  await expect(table.getByRole('rowheader', { name: '18 t/m 34 jaar' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Zeer tevreden' })).toBeVisible();

  await call(page, 'DELETE', `/report/${reportId}`);
});
