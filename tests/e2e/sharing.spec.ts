import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiCall, axeClean, login, shot } from './support';

/**
 * Sharing a report as a Beheerder: the 'Delen' dialog (public link, copy, QR, embed code), the
 * organisation's embed websites, the public page inside another website's iframe, and 'Versturen'
 * (a weekly PDF mail, sent by the cron on the test clock, found in the outbox, unsubscribed through
 * its link). What it changes on demo rows (the organisation's websites, the schedule) it removes.
 */
// Websites on *.localhost: loopback like the portal, so Chromium's local network access rules
// don't block the iframe for a reason of their own; only the CSP decides.
const PORT = Number(process.env.E2E_PORT ?? 4390);
const EMBEDDER = `http://gemeente.localhost:${PORT}`;
const OTHER = `http://elders.localhost:${PORT}`;
const TITLE = 'Burgerpeiling Zuiderhaven 2026';
let context: BrowserContext;
let page: Page;
/** The visitor without login: one fresh context for the public link and the unsubscribe link. */
let visitor: BrowserContext;
let scheduleId: number | null = null;

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  // Local network access: the test websites are routed by Playwright, so Chromium can't tell they are loopback too.
  await context.grantPermissions(['clipboard-read', 'clipboard-write', 'local-network-access']);
  page = await context.newPage();
  await login(page);
  visitor = await browser.newContext();
});
test.afterAll(async () => {
  if (scheduleId) await apiCall(page, 'DELETE', `/report/1/schedule/${scheduleId}`);
  await apiCall(page, 'PUT', '/company/1/embed', { embed_domains: [] });
  await visitor.close();
  await context.close();
});

/** Opens a dialog with its button and waits until its data is there. */
async function openDialog(button: string, name: string) {
  await expect(page.getByRole('button', { name: button })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: button }).click();
  return page.getByRole('dialog', { name });
}

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

test('Delen: the public URL is copied and opens in a fresh context without login', async () => {
  await page.goto('/portal/report/1');
  const dialog = await openDialog('Delen', 'Rapportage delen');
  // The dialog's call waits its turn behind the report's data calls (the API client runs 5 at once).
  await expect(dialog.getByRole('switch', { name: 'Openbaar toegankelijk' })).toBeChecked({ timeout: 30_000 });
  await expect(dialog.getByText(/Iedereen met de link kan deze rapportage bekijken zonder in te loggen/)).toBeVisible();
  await expect(dialog.getByRole('img', { name: /QR-code met de openbare link/ })).toBeVisible();
  await expect(dialog.getByTestId('share-embed-domains')).toHaveText(`Websites die mogen insluiten: gemeente.localhost:${PORT}, www.zuiderhaven.nl.`);
  await axeClean(page, 'Delen-dialoog, 1280 px');
  await page.setViewportSize({ width: 390, height: 800 });
  await axeClean(page, 'Delen-dialoog, 390 px');
  // Nothing in the dialog is wider than the phone's screen.
  expect(await dialog.evaluate((d) => d.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
  await shot(page, 'share-dialog');
  await dialog.getByRole('button', { name: 'Link kopiëren' }).click();
  await expect(dialog.getByText('Link gekopieerd')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^http:\/\/localhost:\d+\/portal\/public\/report\/1$/);
  expect(await dialog.getByTestId('share-url').inputValue()).toBe(copied);
  const png = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PNG' }).click();
  expect((await png).suggestedFilename()).toBe('rapportage-1-qr.png');
  const svg = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download SVG' }).click();
  expect((await svg).suggestedFilename()).toBe('rapportage-1-qr.svg');

  const tab = await visitor.newPage();
  const res = await tab.goto(copied);
  expect(res!.status()).toBe(200);
  await expect(tab.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(tab.getByTestId('public-header')).toBeVisible();
  expect(res!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await tab.close();
});

test('the dialog is keyboard usable: focus stays inside, Escape closes, focus returns to the button', async () => {
  await page.goto('/portal/report/1');
  const dialog = await openDialog('Delen', 'Rapportage delen');
  await expect(dialog.getByRole('switch', { name: 'Openbaar toegankelijk' })).toBeChecked({ timeout: 30_000 });
  const inside = () => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
  expect(await inside()).toBe(true);
  // Every control once round and more: the page behind the modal never gets focus.
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement === document.body || !!document.activeElement?.closest('dialog[open]'))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delen' })).toBeFocused();
  // The same from the keyboard alone: Enter opens, Escape closes.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Rapportage delen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Delen' })).toBeFocused();
});

test('the embed code shows the report in another website, sized to its content', async () => {
  await page.goto('/portal/report/1');
  const dialog = await openDialog('Delen', 'Rapportage delen');
  const code = await dialog.getByLabel('Insluitcode').inputValue({ timeout: 30_000 });
  expect(code).toContain(`src="http://localhost:${PORT}/portal/public/report/1?embed=1"`);
  await page.keyboard.press('Escape');
  await page.route(`${EMBEDDER}/**`, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="nl"><title>Gemeente</title><h1>Onze peiling</h1>${code}<p>Einde</p></html>` }));
  await page.goto(`${EMBEDDER}/peiling.html`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(frame.getByTestId('public-header')).toHaveCount(0);
  // The page reports its height: the iframe leaves its 800 px start and matches the content.
  const iframe = page.locator('iframe');
  await expect.poll(async () => (await iframe.boundingBox())!.height).toBeGreaterThan(1200);
  const inner = await frame.locator('[data-embed-report]').evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
  expect(Math.abs((await iframe.boundingBox())!.height - inner)).toBeLessThanOrEqual(2);
  // No inner scroll bar: the framed document is no taller than the iframe.
  expect(await frame.locator('html').evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
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
  const item = page.getByTestId('project-reports').getByRole('listitem').filter({ hasText: TITLE }).first();
  await expect(item.getByTestId('report-public')).toHaveText('Openbaar');
  await page.goto('/portal/report/1/edit/base');
  const dialog = await openDialog('Delen', 'Rapportage delen');
  const toggle = dialog.getByRole('switch', { name: 'Openbaar toegankelijk' });
  await expect(toggle).toBeChecked({ timeout: 30_000 });
  await toggle.click();
  await expect(dialog.getByText('Zet openbare toegang aan om een link, QR-code of insluitcode te krijgen.')).toBeVisible();
  await expect(dialog.getByTestId('share-url')).toHaveCount(0);
  expect((await page.request.get('/portal/public/report/1')).status()).toBe(404);
  await toggle.click();
  await expect(dialog.getByTestId('share-url')).toBeVisible();
  expect((await page.request.get('/portal/public/report/1')).status()).toBe(200);
});

test('Versturen: a weekly PDF mail is sent by the cron on the test clock, lands in the outbox with its PDF, and the recipient unsubscribes through its link', async () => {
  await page.goto('/portal/report/1');
  const dialog = await openDialog('Versturen', 'Rapportage versturen');
  await expect(dialog.getByText('Deze rapportage wordt nog niet verstuurd.')).toBeVisible({ timeout: 30_000 });
  const address = `wethouder-${Date.now()}@gemeente.nl`;
  await dialog.getByLabel('Carla Bakker').check();
  await dialog.getByLabel('Andere e-mailadressen (één per regel)').fill(address);
  await dialog.getByLabel('Hoe vaak').selectOption({ label: 'Wekelijks' });
  await dialog.getByLabel('Dag').selectOption({ label: 'maandag' });
  await dialog.getByLabel('Tijd').selectOption({ label: '08:00' });
  await dialog.getByLabel('PDF als bijlage').check();
  await dialog.getByLabel('Bericht (optioneel)').fill('De cijfers van deze week.');
  await axeClean(page, 'Versturen-dialoog, 1280 px');
  await page.setViewportSize({ width: 390, height: 800 });
  await axeClean(page, 'Versturen-dialoog, 390 px');
  expect(await dialog.evaluate((d) => d.getBoundingClientRect().width)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'Verzending plannen' }).click();
  const item = dialog.getByTestId('schedule-list').getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Wekelijks, maandag om 08:00 · PDF als bijlage');
  await expect(item).toContainText(`Carla Bakker, ${address}`);
  await expect(item).toContainText(/Volgende: \d+ \S+ \d{4} om 08:00 uur/);
  await shot(page, 'schedule-dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Versturen' })).toBeFocused();

  const { json } = await apiCall<{ data: { id: number; next_run_at: string }[] }>(page, 'GET', '/report/1/schedule');
  const schedule = json.data.at(-1)!;
  scheduleId = schedule.id;
  // The test clock: the cron trigger fires one minute after the schedule's moment (Miniflare's
  // trigger endpoint sets the event's scheduledTime, which the Worker takes as 'now').
  const at = new Date(schedule.next_run_at).getTime() + 60_000;
  const cron = await page.request.get(`/cdn-cgi/local/scheduled?time=${at}&cron=${encodeURIComponent('*/15 * * * *')}`);
  expect(cron.status()).toBe(200);
  // The run job and the mail jobs go through the local Queue; the outbox shows the mail when they are done.
  await page.goto('/portal/dev/mailbox');
  const mail = page.getByTestId('mail').filter({ has: page.getByTestId('mail-to').getByText(address, { exact: true }) });
  await expect(async () => {
    await page.reload();
    await expect(mail).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(mail).toContainText(`Rapportage: ${TITLE}`);
  await expect(mail).toContainText('De cijfers van deze week.');
  const attachment = mail.getByTestId('mail-attachment');
  await expect(attachment).toHaveText(`${TITLE}.pdf`);
  const pdf = await page.request.get((await attachment.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // The schedule moved on a week; the next tick at the same moment sends nothing twice.
  const after = await apiCall<{ data: { id: number; next_run_at: string }[] }>(page, 'GET', '/report/1/schedule');
  expect(new Date(after.json.data.find((s) => s.id === scheduleId)!.next_run_at).getTime() - new Date(schedule.next_run_at).getTime()).toBe(7 * 24 * 3600 * 1000);

  const unsubscribe = await mail.getByRole('link', { name: /\/portal\/afmelden\// }).getAttribute('href');
  const tab = await visitor.newPage();
  await tab.goto(unsubscribe!);
  await expect(tab.getByText(`U ontvangt de rapportage '${TITLE}' per e-mail.`)).toBeVisible();
  await axeClean(tab, 'afmelden');
  await tab.getByRole('button', { name: 'Afmelden' }).click();
  await expect(tab.getByTestId('unsubscribe-done')).toHaveText(`U bent afgemeld. U ontvangt de rapportage '${TITLE}' niet meer per e-mail.`);
  await tab.close();

  await page.goto('/portal/report/1');
  const again = await openDialog('Versturen', 'Rapportage versturen');
  await expect(again.getByTestId('schedule-list')).toContainText(`Afgemeld: ${address}`, { timeout: 30_000 });
});
