import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { decode as decodePng } from 'fast-png';
import jsQR from 'jsqr';
import { login, confirmDialog } from './support';

/** No serious or critical WCAG 2.1 AA violations on the page as it is now. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), what).toEqual([]);
}

/** The text a QR code PNG holds. */
function readQr(bytes: Buffer): string | undefined {
  const png = decodePng(new Uint8Array(bytes));
  const rgba = new Uint8ClampedArray(png.width * png.height * 4);
  for (let i = 0; i < png.width * png.height; i++) {
    const v = png.data[i * png.channels]!;
    rgba.set([v, v, v, 255], i * 4);
  }
  return jsQR(rgba, png.width, png.height)?.data;
}

// One story in four steps on one browser context (serial: each step needs the one before).
test.describe.configure({ mode: 'serial' });
let context: BrowserContext;
let page: Page;
let panelId = 0;
let link: string | null = null;
let memberUrl = '';
let memberCookies: Cookie[] = [];
let adminCookies: Cookie[] = [];

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
});
test.afterAll(async () => context.close());

test('a Beheerder creates a panel with two background fields and gets its registration link and QR code', async () => {
  test.setTimeout(180_000);
  await login(page);
  await page.goto('/portal/panel/overview');
  await expect(page.getByRole('heading', { name: 'Panels', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Burgerpanel Zuiderhaven', exact: true })).toBeVisible();
  await expectAccessible(page, 'panel overview');

  // A new panel, then its fields tab.
  await page.getByRole('link', { name: 'Nieuw panel' }).click();
  // The controlled inputs take typing once the island is hydrated (its button is enabled then).
  await expect(page.getByRole('button', { name: 'Panel aanmaken' })).toBeEnabled();
  await page.getByLabel('Naam').fill('Wijkpanel Havenkwartier');
  await page.getByLabel('Omschrijving').fill('Bewoners van het Havenkwartier.');
  await page.getByRole('button', { name: 'Panel aanmaken' }).click();
  await expect(page).toHaveURL(/\/portal\/panel\/\d+\/fields$/);
  panelId = Number(/\/panel\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByText('Dit panel heeft nog geen velden.')).toBeVisible();

  const add = page.getByRole('form', { name: 'Veld toevoegen' });
  await expect(add.getByRole('button', { name: 'Veld toevoegen' })).toBeEnabled();
  await add.getByLabel('Vraag').fill('Leeftijdsgroep');
  // The type list starts on the most common type, a choice list, and a choice field needs options.
  await expect(add.getByLabel('Type')).toHaveValue('5');
  await expect(add.getByLabel('Type').locator('option').first()).toHaveText('Keuzelijst');
  await add.getByRole('button', { name: 'Veld toevoegen' }).click();
  await expect(add.getByText('Een keuzeveld heeft minstens één optie nodig')).toBeVisible();
  await add.getByLabel('Opties (één per regel)').fill('Jonger dan 40\n40 of ouder');
  await add.getByLabel('Verplicht').check();
  await add.getByRole('button', { name: 'Veld toevoegen' }).click();
  await expect(page.getByRole('heading', { name: 'Leeftijdsgroep', level: 3 })).toBeVisible();
  // The header counts the fields as they are added.
  await expect(page.locator('[data-fields-count]')).toHaveText('1 veld');
  await add.getByLabel('Vraag').fill('Jaren in de wijk');
  await add.getByLabel('Type').selectOption({ label: 'Getal' });
  await add.getByLabel('Minimum').fill('0');
  await add.getByLabel('Maximum').fill('99');
  await add.getByRole('button', { name: 'Veld toevoegen' }).click();
  await expect(page.getByRole('heading', { name: 'Jaren in de wijk', level: 3 })).toBeVisible();
  await expect(page.getByText('van 0 tot en met 99')).toBeVisible();
  await expect(page.locator('[data-fields-count]')).toHaveText('2 velden');

  // Reorder by keyboard: the number field goes first, and stays first after a reload.
  // By keyboard: the 'Omhoog' button of the number field (the grip's drag is dnd-kit's, tested in the report editor).
  const saved = page.waitForResponse((r) => r.url().endsWith(`/panel/${panelId}/field/order`) && r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Omhoog: Jaren in de wijk' }).focus();
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  await expect(page.locator('article[data-field] h3')).toHaveText(['Jaren in de wijk', 'Leeftijdsgroep']);
  await page.reload();
  await expect(page.locator('article[data-field] h3')).toHaveText(['Jaren in de wijk', 'Leeftijdsgroep']);
  await expectAccessible(page, 'panel fields');

  // The registration link and its QR code.
  await page.getByRole('link', { name: 'Algemeen' }).click();
  await expect(page.getByTestId('registration-link')).toHaveText(/^http/); // absolute once hydrated
  link = await page.getByTestId('registration-link').textContent();
  expect(link).toMatch(/^http:\/\/localhost:\d+\/portal\/register\/panel\/[a-z2-7]{16}$/);
  await expect(page.getByRole('img', { name: 'QR-code van de aanmeldlink' })).toBeVisible();
  const qr = await page.request.get(`/portal/api/v2/panel/${panelId}/qr`);
  expect(readQr(await qr.body())).toBe(link);
  await expectAccessible(page, 'panel base');

});

test('a new respondent registers through the link with the required field and fills in the rest on their profile', async () => {
  test.setTimeout(180_000);
  // A new respondent registers through the link and answers the required field.
  await context.clearCookies();
  await page.goto(link!);
  await expect(page.getByText("deel te nemen aan het panel 'Wijkpanel Havenkwartier'")).toBeVisible();
  await expect(page.getByLabel('Jaren in de wijk')).toHaveCount(0); // only required fields at registration
  await page.getByLabel('Volledige naam').fill('Henk Havenaar');
  await page.getByLabel('E-mailadres').fill('henk@havenkwartier.nl');
  await page.getByRole('button', { name: 'Genereer een sterk wachtwoord' }).click();
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page.getByText('Dit veld mag niet leeg zijn')).toBeVisible();
  await page.getByLabel('Leeftijdsgroep *').selectOption({ label: '40 of ouder' });
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  // Registration hashes the password (deliberately slow) and starts the session.
  await expect(page.getByRole('heading', { name: 'Welkom, Henk Havenaar' })).toBeVisible({ timeout: 20_000 });

  // The front page's 'Achtergrondgegevens' opens the own background data; the rest is filled in there.
  await page.getByTestId('panel-block').locator(`[data-panel="${panelId}"]`).getByRole('link', { name: 'Achtergrondgegevens' }).click();
  await expect(page.getByRole('heading', { name: 'Achtergrondgegevens', level: 2 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Achtergrondgegevens: Wijkpanel Havenkwartier' });
  await expect(form.getByLabel('Leeftijdsgroep *')).toHaveValue(/\d+/);
  await form.getByLabel('Jaren in de wijk').fill('120');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByText('De maximale waarde van dit veld is 99')).toBeVisible();
  await form.getByLabel('Jaren in de wijk').fill('12');
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form.getByRole('status')).toHaveText('Uw achtergrondgegevens zijn opgeslagen.');
  await expectAccessible(page, 'own background data');
  memberUrl = page.url();
  memberCookies = await context.cookies();

});

test('the Beheerder sees the new member with complete background data', async () => {
  test.setTimeout(120_000);
  // The Beheerder sees the member with complete background data.
  await context.clearCookies();
  await login(page);
  await page.goto(`/portal/panel/${panelId}/users`);
  const row = page.getByTestId('panel-members').getByRole('row', { name: /Henk Havenaar/ });
  await expect(row).toContainText('henk@havenkwartier.nl');
  await expect(row).toContainText('2 van 2 ingevuld');
  await expectAccessible(page, 'panel members');
  adminCookies = await context.cookies();

});

test("the member leaves the panel ('Afmelden') and their data are gone", async () => {
  test.setTimeout(120_000);
  // The member leaves ('Afmelden'): membership, background data and the respondent-only account are gone.
  await context.clearCookies();
  await context.addCookies(memberCookies);
  await page.goto(memberUrl);
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await confirmDialog(page);
  await expect(page).toHaveURL(/\/portal\/(login)?$/);

  await context.clearCookies();
  await context.addCookies(adminCookies);
  await page.goto(`/portal/panel/${panelId}/users`);
  await expect(page.getByText('Dit panel heeft nog geen leden.')).toBeVisible();
  const csv = await page.request.get(`/portal/api/v2/panel/${panelId}/user/export`);
  expect(await csv.text()).not.toContain('henk@havenkwartier.nl');
});
