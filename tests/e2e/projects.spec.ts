import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, login } from './support';

const stamp = Date.now();
const PROJECT = `E2E project ${stamp}`;
const SUB = `E2E subproject ${stamp}`;
const REPORT = `E2E gepubliceerd ${stamp}`;
const CONCEPT = `E2E concept ${stamp}`;

async function burgerpeilingId(page: Page): Promise<number> {
  const { json } = await apiCall<{ data: { id: number; displayTitle: string }[] }>(page, 'GET', 'survey/index-items');
  return json.data.find((s) => s.displayTitle.startsWith('Burgerpeiling Zuiderhaven'))!.id;
}

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// Long flows on a shared 2-core machine: two minutes each at most. The project page's axe scan is
// in the Gebruiker's test (the same page with reports in it), the filters tab's in its own test.
test.describe.configure({ timeout: 120_000 });

let projectId = 0;

test('a Beheerder runs a project: creates it and a sub-project, links the survey, adds a member, publishes a report', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  await page.goto('/portal/project/overview');
  await page.getByRole('link', { name: 'Nieuw project' }).click();
  await expect(page).toHaveURL(/\/portal\/project\/new$/);
  const create = page.getByRole('button', { name: 'Aanmaken' });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.locator('#main').getByText('Dit veld mag niet leeg zijn')).toBeVisible();
  await page.getByLabel('Titel').fill(PROJECT);
  await page.getByLabel('Opdrachtgever').fill('Gemeente Zuiderhaven');
  await page.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'Actief' });
  await create.click();
  await expect(page).toHaveURL(/\/portal\/project\/\d+$/);
  projectId = Number(/project\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();

  // A sub-project from the Subprojecten tab, with the parent chosen already.
  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Subprojecten' }).click();
  await page.getByRole('link', { name: 'Nieuw subproject' }).click();
  await expect(page.getByRole('combobox', { name: /^Hoofdproject/ })).toHaveValue(String(projectId));
  await page.getByLabel('Titel').fill(SUB);
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: SUB })).toBeVisible();
  await expect(page.getByText('Subproject van')).toBeVisible();
  await page.getByRole('link', { name: PROJECT }).first().click();
  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Subprojecten' }).click();
  await expect(page.getByTestId('sub-projects').getByRole('link', { name: SUB })).toBeVisible();

  // Link the burgerpeiling.
  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Onderzoeken' }).click();
  const surveys = page.getByRole('combobox', { name: /^Onderzoek koppelen/ });
  await surveys.selectOption({ label: 'Burgerpeiling Zuiderhaven (474747)' });
  await page.getByRole('button', { name: 'Koppelen' }).click();
  await expect(page.getByTestId('project-surveys')).toContainText('Burgerpeiling Zuiderhaven (474747)');

  // The demo Gebruiker becomes a member (Meelezer).
  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Gebruikers' }).click();
  await page.getByRole('combobox', { name: /^Gebruiker toevoegen/ }).selectOption({ label: 'Carla Bakker (gebruiker@demo.impulz.nl) · Gebruiker' });
  await page.getByRole('combobox', { name: /^Projectrol(?!:)/ }).selectOption({ label: 'Meelezer' });
  await page.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByTestId('project-members')).toContainText('Carla Bakker');
  await expect(page.getByRole('combobox', { name: 'Projectrol: Carla Bakker' })).toHaveValue('3');

  // A report from the Rapportages tab, published in its editor; a second one stays a concept.
  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Rapportages' }).click();
  await page.getByRole('link', { name: 'Nieuwe rapportage' }).click();
  // Typing before the form is live would be undone by hydration: wait for its button.
  await expect(page.getByRole('button', { name: 'Rapportage aanmaken' })).toBeEnabled();
  await page.getByLabel('Titel').fill(REPORT);
  await page.getByRole('button', { name: 'Rapportage aanmaken' }).click();
  // Creating a report writes its sections and defaults in one batch; on a busy machine over 5 s.
  await expect(page).toHaveURL(/\/portal\/report\/\d+\/edit\/base$/, { timeout: 15_000 });
  await page.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'Gepubliceerd' });
  const saved = page.waitForResponse((r) => /\/api\/v2\/report\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Opslaan' }).first().click();
  expect((await saved).status()).toBe(200);
  expect((await apiCall(page, 'POST', 'report', { project_id: projectId, title: CONCEPT })).status).toBe(201);

  await page.goto(`/portal/project/${projectId}/reports`);
  const list = page.getByTestId('project-reports');
  // The editor sees every status.
  await expect(list.getByRole('link', { name: REPORT, exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: CONCEPT, exact: true })).toBeVisible();
  await expect(list).toContainText('Concept');
});

test('the Gebruiker reaches the published report in two clicks from the front page and never sees the concept', async ({ page }) => {
  test.skip(!projectId, 'needs the project of the previous test');
  await login(page, 'gebruiker@demo.impulz.nl');
  // Click 1: the project card on the front page (the newest of my projects).
  await page.getByTestId('recent-projects').getByRole('link', { name: PROJECT }).click();
  await expect(page).toHaveURL(new RegExp(`/portal/project/${projectId}$`));
  const reports = page.getByTestId('project-reports');
  await expect(reports.getByRole('link', { name: REPORT, exact: true })).toBeVisible();
  await expect(page.getByText(CONCEPT)).toHaveCount(0);
  await axeClean(page);
  // Click 2: the report.
  await reports.getByRole('link', { name: REPORT, exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/report\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: REPORT })).toBeVisible();

  // The top bar's Rapportages leads to the same report, and not to the concept.
  await page.getByRole('navigation', { name: 'Snelkoppelingen' }).getByRole('link', { name: 'Rapportages' }).click();
  await expect(page.getByTestId('overview')).toContainText(REPORT);
  await expect(page.getByTestId('overview')).not.toContainText(CONCEPT);
  // Editing a project is not the Gebruiker's: the page says so.
  const denied = await page.goto(`/portal/project/${projectId}/edit/base`);
  expect(denied?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
});

test('a filter category generated from an open question, its options reordered by keyboard', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const project = projectId || 1;
  await page.goto(`/portal/project/${project}/filters`);
  const before = await page.getByTestId('filter-category').count();
  // The forms are disabled until the island is live: a choice made before would be lost.
  await expect(page.getByRole('button', { name: 'Aanmaken', exact: true })).toBeEnabled();
  await page.getByRole('combobox', { name: /^Vraag/ }).last().selectOption({ label: 'Wat is voor u het belangrijkste verbeterpunt in uw buurt? (open vraag)' });
  await page.getByLabel('Minimaal aantal keer gegeven (open vragen)').fill('10');
  await page.getByLabel('Naam (optioneel, standaard de vraag)').fill(`Verbeterpunt ${stamp}`);
  await page.getByRole('button', { name: 'Genereren' }).click();
  const category = page.getByTestId('filter-category').filter({ hasText: `Verbeterpunt ${stamp}` });
  await expect(category).toBeVisible();
  expect(await page.getByTestId('filter-category').count()).toBe(before + 1);
  const options = category.getByTestId('filter-option');
  await expect(options).toHaveCount(7);
  // Counts come from the engine: every option here was given at least 10 times.
  await expect(options.first()).toContainText(/n = \d/);
  const labels = await options.locator('span.font-medium').allTextContents();

  // Keyboard: focus the grip of the second option, Space, ArrowUp, Space — each step waits for
  // the screen reader announcement of @dnd-kit's live region, so no key is pressed too early.
  const saved = page.waitForResponse((r) => r.url().includes('/filterOption/order') && r.request().method() === 'PATCH');
  const announced = (text: string) => expect(page.locator('[id^="DndLiveRegion"]').filter({ hasText: text })).toHaveCount(1);
  await category.getByRole('button', { name: `Verplaats optie ${labels[1]}` }).focus();
  await page.keyboard.press('Space');
  // Picked up: the live region says where it stands (the 'opgepakt' text is replaced at once).
  await announced(`${labels[1]} staat nu op positie 2 van ${labels.length}.`);
  await page.keyboard.press('ArrowUp');
  await announced(`${labels[1]} staat nu op positie 1 van ${labels.length}.`);
  await page.keyboard.press('Space');
  expect((await saved).status()).toBe(200);
  const expected = [labels[1]!, labels[0]!, ...labels.slice(2)];
  await expect(category.getByTestId('filter-option').locator('span.font-medium')).toHaveText(expected);
  await page.reload();
  await expect(page.getByTestId('filter-category').filter({ hasText: `Verbeterpunt ${stamp}` }).getByTestId('filter-option').locator('span.font-medium')).toHaveText(expected);
  await axeClean(page);
});

test('an indicator on the response count fires after a response upload: front page notice and mail', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const surveyId = await burgerpeilingId(page);
  const title = `Respons E2E ${stamp}`;
  await page.goto('/portal/project/1/notifications');
  await page.getByRole('link', { name: 'Nieuwe indicator' }).click();
  await expect(page.getByRole('button', { name: 'Aanmaken' })).toBeEnabled();
  await page.getByLabel('Naam').fill(title);
  await page.getByRole('combobox', { name: /^Wat meet de indicator\?/ }).selectOption({ label: 'Aantal respondenten' });
  await page.getByRole('combobox', { name: /^Gaat af bij een waarde/ }).selectOption({ label: 'groter dan' });
  await page.getByLabel('Drempelwaarde').fill('1000000');
  await page.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(page).toHaveURL(/\/portal\/project\/1\/notifications$/);
  const card = page.getByTestId('indicators').getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('Niet bereikt');
  // The project page as its editor sees it (edit button, indicator cards and notices).
  await axeClean(page);

  // The threshold just above today's count, so the upload below crosses it.
  const { json } = await apiCall<{ data: { id: number; title: string; last_value: number }[] }>(page, 'GET', 'project/1/indicator');
  const made = json.data.find((i) => i.title === title)!;
  expect((await apiCall(page, 'PUT', `indicator/${made.id}`, { threshold: made.last_value + 5 })).status).toBe(200);

  await page.goto(`/portal/survey/${surveyId}/edit/response`);
  const day = new Date().toISOString().slice(0, 10);
  // Complete background answers: respondents without them would form a small 'no answer' group that
  // the neighbour rule protects by withholding whole categories in the report specs that follow.
  const rows = Array.from({ length: 10 }, (_, i) => `${950_000 + (stamp % 10_000) * 10 + i},${day} 10:0${i}:00,A2,W3,${i % 2 ? 'M' : 'V'},7`);
  await page.getByLabel(/Responsbestand/).setInputFiles({ name: 'indicator.csv', mimeType: 'text/csv', buffer: Buffer.from(['id,submitdate,leeftijd,wijk,geslacht,rapportcijfer', ...rows].join('\n')) });
  await page.getByRole('button', { name: 'Uploaden' }).click();
  await expect(page.locator('#main').getByText(/10 regels: 10 geaccepteerd/)).toBeVisible({ timeout: 30_000 });

  // The indicator fired after the import: a notice on the front page, a mail in the outbox.
  await expect(async () => {
    await page.goto('/portal/');
    await expect(page.getByTestId('indicator-notices')).toContainText(`Indicator '${title}' is bereikt`, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.goto('/portal/dev/mailbox');
  await expect(page.getByTestId('mail').filter({ hasText: `Indicator '${title}' bereikt` }).first()).toBeVisible();
});
