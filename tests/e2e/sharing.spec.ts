import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axeClean, e2eClient, login, shot } from './support';

/**
 * Sharing a report as a Beheerder: the 'Delen' dialog (public link, copy, QR, embed code), the
 * organisation's embed websites, and the public page inside another website's iframe.
 */
// Websites on *.localhost: loopback like the portal, so Chromium's local network access rules
// don't block the iframe for a reason of their own; only the CSP decides.
const PORT = Number(process.env.E2E_PORT ?? 4390);
const EMBEDDER = `http://gemeente.localhost:${PORT}`;
const OTHER = `http://elders.localhost:${PORT}`;
let context: BrowserContext;
let page: Page;

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  // Local network access: the test websites are routed by Playwright, so Chromium can't tell they are loopback too.
  await context.grantPermissions(['clipboard-read', 'clipboard-write', 'local-network-access']);
  page = await context.newPage();
  await login(page);
});
test.afterAll(async () => context.close());

test('the organisation lists the website that may embed its reports', async () => {
  await page.goto('/portal/manage/company/1/base');
  const field = page.getByLabel('Websites (één per regel)');
  await expect(page.getByRole('button', { name: 'Websites opslaan' })).toBeEnabled({ timeout: 30_000 });
  await field.fill('bad domain');
  await page.getByRole('button', { name: 'Websites opslaan' }).click();
  await expect(page.getByText("'bad domain' is geen geldig domein")).toBeVisible();
  await field.fill(`HTTP://Gemeente.localhost:${PORT}/\nwww.zuiderhaven.nl`);
  await page.getByRole('button', { name: 'Websites opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'De websites zijn opgeslagen' })).toHaveCount(1);
  await expect(field).toHaveValue(`gemeente.localhost:${PORT}\nwww.zuiderhaven.nl`);
  await axeClean(page, 'organisatie: websites voor insluiten');
});

test('Delen: the public URL is copied and opens in a fresh context without login', async ({ browser }) => {
  await page.goto('/portal/report/1');
  await expect(page.getByRole('button', { name: 'Delen' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Delen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rapportage delen' });
  // The dialog's call waits its turn behind the report's data calls (the API client runs 5 at once).
  await expect(dialog.getByRole('switch', { name: 'Openbaar toegankelijk' })).toBeChecked({ timeout: 30_000 });
  await expect(dialog.getByText(/Iedereen met de link kan deze rapportage bekijken zonder in te loggen/)).toBeVisible();
  await expect(dialog.getByRole('img', { name: /QR-code met de openbare link/ })).toBeVisible();
  await expect(dialog.getByTestId('share-embed-domains')).toHaveText(`Websites die mogen insluiten: gemeente.localhost:${PORT}, www.zuiderhaven.nl.`);
  await axeClean(page, 'Delen-dialoog');
  await shot(page, 'share-dialog');
  await dialog.getByRole('button', { name: 'Link kopiëren' }).click();
  await expect(dialog.getByText('Link gekopieerd')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/localhost:\d+\/portal\/public\/report\/1$/);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PNG' }).click();
  expect((await download).suggestedFilename()).toBe('rapportage-1-qr.png');

  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  const res = await visitor.goto(copied);
  expect(res!.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Burgerpeiling Zuiderhaven 2026' })).toBeVisible();
  expect(res!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await fresh.close();
});

test('the embed code shows the report in another website, sized to its content', async () => {
  const code = await page.getByRole('dialog', { name: 'Rapportage delen' }).getByLabel('Insluitcode').inputValue();
  await page.keyboard.press('Escape');
  await page.route(`${EMBEDDER}/**`, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="nl"><title>Gemeente</title><h1>Onze peiling</h1>${code}<p>Einde</p></html>` }));
  await page.goto(`${EMBEDDER}/peiling.html`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1, name: 'Burgerpeiling Zuiderhaven 2026' })).toBeVisible();
  await expect(frame.getByTestId('public-header')).toHaveCount(0);
  // The page reports its height: the iframe leaves its 800 px start and matches the content.
  const iframe = page.locator('iframe');
  await expect.poll(async () => (await iframe.boundingBox())!.height).toBeGreaterThan(1200);
  const inner = await frame.locator('[data-embed-report]').evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
  expect(Math.abs((await iframe.boundingBox())!.height - inner)).toBeLessThanOrEqual(2);
  await page.unroute(`${EMBEDDER}/**`);
});

test('another website is refused by frame-ancestors', async () => {
  const res = await page.request.get('/portal/public/report/1?embed=1');
  expect(res.headers()['content-security-policy']).toContain(`frame-ancestors gemeente.localhost:${PORT} www.zuiderhaven.nl`);
  expect(res.headers()['x-frame-options']).toBeUndefined();
  const refused = page.waitForEvent('console', (m) => m.text().includes('frame-ancestors'));
  await page.route(`${OTHER}/**`, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>x</title><iframe src="http://localhost:${PORT}/portal/public/report/1?embed=1"></iframe>` }));
  await page.goto(`${OTHER}/`);
  expect((await refused).text()).toContain(`frame-ancestors gemeente.localhost:${PORT} www.zuiderhaven.nl`);
  await expect(page.frameLocator('iframe').getByRole('heading', { level: 1 })).toHaveCount(0);
  await page.unroute(`${OTHER}/**`);
});

test('the project page shows which reports are public; switching off hides the link', async () => {
  await page.goto('/portal/project/1/reports');
  const item = page.getByTestId('project-reports').getByRole('listitem').filter({ hasText: 'Burgerpeiling Zuiderhaven 2026' }).first();
  await expect(item.getByTestId('report-public')).toHaveText('Openbaar');
  await page.goto('/portal/report/1/edit/base');
  await expect(page.getByRole('button', { name: 'Delen' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Delen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rapportage delen' });
  await expect(dialog.getByRole('switch', { name: 'Openbaar toegankelijk' })).toBeChecked({ timeout: 30_000 });
  await dialog.getByRole('switch', { name: 'Openbaar toegankelijk' }).click();
  await expect(dialog.getByText('Zet openbare toegang aan om een link, QR-code of insluitcode te krijgen.')).toBeVisible();
  await expect(dialog.getByTestId('share-url')).toHaveCount(0);
  expect((await page.request.get('/portal/public/report/1')).status()).toBe(404);
  await dialog.getByRole('switch', { name: 'Openbaar toegankelijk' }).click();
  await expect(dialog.getByTestId('share-url')).toBeVisible();
  expect((await page.request.get('/portal/public/report/1')).status()).toBe(200);
});

test('Versturen: a weekly PDF mail is scheduled and a recipient unsubscribes through the link without login', async ({ browser }) => {
  await page.goto('/portal/report/1');
  await expect(page.getByRole('button', { name: 'Versturen' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Versturen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rapportage versturen' });
  await expect(dialog.getByText('Deze rapportage wordt nog niet verstuurd.')).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('Carla Bakker').check();
  await dialog.getByLabel('Andere e-mailadressen (één per regel)').fill('wethouder@gemeente.nl');
  await dialog.getByLabel('Hoe vaak').selectOption({ label: 'Wekelijks' });
  await dialog.getByLabel('Dag').selectOption({ label: 'maandag' });
  await dialog.getByLabel('Tijd').selectOption({ label: '08:00' });
  await dialog.getByLabel('PDF als bijlage').check();
  await dialog.getByLabel('Bericht (optioneel)').fill('De cijfers van deze week.');
  await axeClean(page, 'Versturen-dialoog');
  await dialog.getByRole('button', { name: 'Verzending plannen' }).click();
  const item = dialog.getByTestId('schedule-list').getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Wekelijks, maandag om 08:00 · PDF als bijlage');
  await expect(item).toContainText('Carla Bakker, wethouder@gemeente.nl');
  await expect(item).toContainText(/Volgende: \d+ \S+ \d{4} om 08:00 uur/);
  await shot(page, 'schedule-dialog');

  // Sending (cron → run job → mail jobs → outbox with the PDF) is covered by tests/api/schedules.test.ts;
  // wrangler dev answers 404 on /__scheduled for the built Worker, so here the unsubscribe link is
  // taken from the database: the page itself must work without login.
  const db = e2eClient();
  const { rows } = await db.execute({ sql: "select token from report_schedule_recipients where email = 'wethouder@gemeente.nl'", args: [] });
  db.close();
  const unsubscribe = `/portal/afmelden/${String(rows[0]!.token)}`;
  const fresh = await browser.newContext();
  const visitor = await fresh.newPage();
  await visitor.goto(`http://localhost:${PORT}${unsubscribe}`);
  await expect(visitor.getByText("U ontvangt de rapportage 'Burgerpeiling Zuiderhaven 2026' per e-mail.")).toBeVisible();
  await axeClean(visitor, 'afmelden');
  await visitor.getByRole('button', { name: 'Afmelden' }).click();
  await expect(visitor.getByTestId('unsubscribe-done')).toHaveText("U bent afgemeld. U ontvangt de rapportage 'Burgerpeiling Zuiderhaven 2026' niet meer per e-mail.");
  await fresh.close();

  await page.goto('/portal/report/1');
  await expect(page.getByRole('button', { name: 'Versturen' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Versturen' }).click();
  await expect(page.getByRole('dialog', { name: 'Rapportage versturen' }).getByTestId('schedule-list')).toContainText('Afgemeld: wethouder@gemeente.nl', { timeout: 30_000 });
});
