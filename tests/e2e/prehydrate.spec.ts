import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_PANEL_TOKEN } from '../../scripts/seed/accounts';
import { axeClean, holdScripts, login, shot } from './support';

/**
 * Before the islands' JavaScript has run (holdScripts, a slow phone): a file dropped on a drop zone
 * or a file field must not make the browser open the file and leave the page, and must be there
 * once the island runs; a 'Wachtwoord tonen' toggle that can't work yet must not be offered, and
 * must appear in its own place (nothing moves) when it can.
 */

const DIR = resolve('.tmp/prehydrate-files');

/** A file on disk, as a drop from the desktop brings it. */
function diskFile(name: string, text: string): string {
  mkdirSync(DIR, { recursive: true });
  const path = `${DIR}/${name}`;
  writeFileSync(path, text);
  return path;
}

/** Where a drop ended up: on a file field (which takes the file), or handled by the page (default prevented). */
interface Dropped { onFileField: boolean; prevented: boolean }

/**
 * Drags a file from the desktop onto the middle of `target` and drops it: trusted drag events
 * through the DevTools protocol, the only way a test's drop has the browser's default action
 * (a synthetic 'drop' event never fills a file field). Where nothing under the pointer takes the
 * drag (no file field, no page handler), the page gets no 'drop' at all (undefined) and the browser
 * opens the file instead, leaving the page — a desktop browser does; headless Chromium doesn't
 * navigate, so the spec checks where the drop went.
 */
async function dropFile(page: Page, target: Locator, path: string): Promise<Dropped> {
  return (await dragFile(page, target, path)).dropped!;
}

/**
 * The same trusted drag, reporting the last 'dragover' as the page left it too: a page that refuses
 * the drag cancels it with dropEffect 'none', and then no 'drop' comes at all (dropped null) — the
 * browser neither drops nor opens the file.
 */
async function dragFile(page: Page, target: Locator, path: string): Promise<{ dropped: Dropped | null; dragover: { prevented: boolean; effect: string } | null }> {
  // Runs through the DevTools protocol, so also while the page's own scripts are held.
  await page.evaluate(() => {
    const w = window as unknown as { dropped: Dropped | null; dragover: { prevented: boolean; effect: string } | null };
    w.dropped = null;
    w.dragover = null;
    window.addEventListener('drop', (e) => {
      const field = e.target instanceof HTMLInputElement && e.target.type === 'file';
      w.dropped = { onFileField: field, prevented: e.defaultPrevented };
    }, { once: true });
    window.addEventListener('dragover', (e) => {
      w.dragover = { prevented: e.defaultPrevented, effect: e.dataTransfer?.dropEffect ?? '' };
    });
  });
  const box = (await target.boundingBox())!;
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: [path], dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
  await cdp.detach();
  return page.evaluate(() => {
    const w = window as unknown as { dropped: Dropped | null; dragover: { prevented: boolean; effect: string } | null };
    return { dropped: w.dropped, dragover: w.dragover };
  });
}

/** Beside any drop zone: the page refused the drag (no-drop cursor), so no drop came and nothing opened the file. */
const REFUSED = { dropped: null, dragover: { prevented: true, effect: 'none' } };

test('a file dropped on a project message before hydration stays on the page, is attached and sent', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const release = await holdScripts(page);
  await page.goto('/portal/project/2/messages', { waitUntil: 'commit' });
  const zone = page.getByTestId('drop-zone');
  await expect(zone).toBeVisible();
  const body = page.getByRole('textbox', { name: 'Bericht', exact: true });
  const text = `Vroeg bericht met bijlage (${Date.now()})`;
  await body.fill(text);
  // The file field under the zone took the file.
  expect(await dropFile(page, zone, diskFile('vroege-notitie.txt', 'Gesleept voordat de pagina klaar was.\n'))).toEqual({ onFileField: true, prevented: false });
  // Still the page, with what was typed; the page says the file arrived (the island can't list it yet).
  await expect(page).toHaveURL(/\/portal\/project\/2\/messages$/);
  await expect(body).toHaveValue(text);
  const status = page.locator('#early-drop-status');
  await expect(status).toHaveText('Ontvangen: vroege-notitie.txt. Het wordt toegevoegd zodra de pagina klaar is met laden.');
  await shot(page, 'prehydrate-message-before');
  // A file dropped beside the zone (on the text) is refused by the page-wide guard, not opened.
  expect(await dragFile(page, body, diskFile('ernaast.txt', 'Naast het vak gesleept.\n'))).toEqual(REFUSED);
  await expect(page).toHaveURL(/\/portal\/project\/2\/messages$/);
  await expect(body).toHaveValue(text);

  await release();
  const attachments = page.getByRole('list', { name: 'Bijlagen' });
  await expect(attachments).toContainText('vroege-notitie.txt');
  await expect(status).toBeEmpty();
  // After hydration the zone's own drop handler takes files (the field is out of the way again).
  expect(await dropFile(page, zone, diskFile('late-notitie.txt', 'Gesleept na het laden.\n'))).toEqual({ onFileField: false, prevented: true });
  await expect(attachments.getByRole('listitem')).toHaveCount(2);
  await expect(page).toHaveURL(/\/portal\/project\/2\/messages$/);
  // Beside the zone after hydration too: refused, nothing attached, the text kept.
  expect(await dragFile(page, page.getByRole('heading', { name: 'Nieuw bericht' }), diskFile('ernaast.txt', 'Naast het vak gesleept.\n'))).toEqual(REFUSED);
  await expect(attachments.getByRole('listitem')).toHaveCount(2);
  await expect(body).toHaveValue(text);
  await shot(page, 'prehydrate-message-after');
  await axeClean(page, 'berichten na het laden');
  await page.getByRole('button', { name: 'Versturen' }).click();
  const message = page.getByTestId('messages').locator('li[data-message]').filter({ hasText: text });
  await expect(message).toBeVisible({ timeout: 15_000 });
  await expect(message.getByText('vroege-notitie.txt')).toBeVisible();
  await expect(message.getByText('late-notitie.txt')).toBeVisible();
});

test('a response file dropped on its field before hydration is kept and read by the server', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const release = await holdScripts(page);
  await page.goto('/portal/survey/1/edit/response', { waitUntil: 'commit' });
  const field = page.getByLabel(/Responsbestand/);
  await expect(field).toBeVisible();
  expect((await dropFile(page, field, diskFile('leeg.csv', 'id,submitdate\n'))).onFileField).toBe(true);
  await expect(page).toHaveURL(/\/portal\/survey\/1\/edit\/response$/);

  await release();
  await page.getByRole('button', { name: 'Uploaden' }).click();
  // The server read the file; a lost file would get 'Dit veld mag niet leeg zijn'.
  await expect(page.locator('#main').getByText('Het responsbestand bevat geen enkele kolom van een vraag uit deze enquête.')).toBeVisible({ timeout: 30_000 });
});

test('a survey file dropped on the import field before hydration is kept and sent', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const release = await holdScripts(page);
  await page.goto('/portal/survey/import', { waitUntil: 'commit' });
  const field = page.getByLabel(/^Bestand \(.lss of .lsa/);
  await expect(field).toBeVisible();
  expect((await dropFile(page, field, diskFile('geen-enquete.lss', 'dit is geen LimeSurvey-bestand\n'))).onFileField).toBe(true);
  await expect(page).toHaveURL(/\/portal\/survey\/import$/);

  await release();
  await page.getByRole('button', { name: 'Importeren' }).click();
  // The server's own refusal of the content: the file got there.
  await expect(page.locator('#import-error')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#import-error')).not.toHaveText('Dit veld mag niet leeg zijn');
});

/** Dispatches a synthetic drag of one file (a DataTransfer made in the page) onto `target`; whether the page prevented the browser's default. */
async function syntheticDrop(target: Locator): Promise<{ dragover: boolean; drop: boolean }> {
  return target.evaluate((el) => {
    const data = new DataTransfer();
    data.items.add(new File(['tekst'], 'synthetisch.txt', { type: 'text/plain' }));
    const fire = (type: string) => {
      const e = new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true });
      el.dispatchEvent(e);
      return e.defaultPrevented;
    };
    return { dragover: fire('dragover'), drop: fire('drop') };
  });
}

test('a file dropped outside a drop zone is refused before and after hydration; text drags are left alone', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const release = await holdScripts(page);
  await page.goto('/portal/project/2/messages', { waitUntil: 'commit' });
  const body = page.getByRole('textbox', { name: 'Bericht', exact: true });
  await expect(body).toBeVisible();
  await body.fill('Niet kwijtraken');
  const heading = page.getByRole('heading', { level: 1 });
  expect(await syntheticDrop(heading)).toEqual({ dragover: true, drop: true });
  expect(await syntheticDrop(body)).toEqual({ dragover: true, drop: true });
  // A file field takes it itself (the browser's default): not refused.
  expect(await syntheticDrop(page.locator('#message-files'))).toEqual({ dragover: false, drop: false });
  await release();
  await expect(page.getByRole('button', { name: 'Bestanden kiezen' })).toBeEnabled();
  expect(await syntheticDrop(heading)).toEqual({ dragover: true, drop: true });
  await expect(body).toHaveValue('Niet kwijtraken');
  // Dragging text (no files) into the text field keeps its default.
  const textDrag = await body.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', 'woord');
    const e = new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true });
    el.dispatchEvent(e);
    return e.defaultPrevented;
  });
  expect(textDrag).toBe(false);
  // Another screen with forms, without a drop zone: the guard is page-wide.
  await page.goto('/portal/manage/user/invite');
  await expect(page.getByRole('heading', { name: 'Gebruiker uitnodigen', level: 1 })).toBeVisible();
  expect(await syntheticDrop(page.locator('#main'))).toEqual({ dragover: true, drop: true });
});

/** The pages with a 'Wachtwoord tonen' toggle: the field it shows and the toggle's name. */
const PASSWORD_PAGES = [
  { name: 'login', path: '/portal/login', field: 'Wachtwoord', toggle: 'Wachtwoord tonen', as: null },
  { name: 'panel-registration', path: `/portal/register/panel/${DEMO_PANEL_TOKEN}`, field: 'Nieuw wachtwoord', toggle: 'Wachtwoorden tonen', as: null },
  { name: 'password-change', path: '/portal/manage/user/6/password', field: 'Nieuw wachtwoord', toggle: 'Wachtwoorden tonen', as: 'gebruiker@delinde.demo.impulz.nl' },
  { name: 'current-password', path: '/portal/manage/user/6/password', field: 'Huidig wachtwoord', toggle: 'Wachtwoord tonen', as: 'gebruiker@delinde.demo.impulz.nl' },
  { name: 'temporary-password', path: '/portal/manage/user/3/password', field: 'Of typ zelf een tijdelijk wachtwoord', toggle: 'Wachtwoord tonen', as: 'beheerder@demo.impulz.nl' },
] as const;

for (const p of PASSWORD_PAGES) {
  test(`${p.name}: the password toggle is not offered before hydration, appears in place, works by keyboard`, async ({ page }) => {
    if (p.as) await login(page, p.as);
    const release = await holdScripts(page);
    await page.goto(p.path, { waitUntil: 'commit' });
    const field = page.getByLabel(p.field, { exact: true });
    await expect(field).toBeVisible();
    const toggle = page.getByRole('button', { name: p.toggle, includeHidden: true });
    await expect(toggle).toBeHidden();
    await expect(toggle).toBeDisabled();
    const before = { field: await field.boundingBox(), toggle: await toggle.boundingBox() };
    await shot(page, `prehydrate-${p.name}-before`);

    await release();
    await expect(toggle).toBeVisible();
    await expect(toggle).toBeEnabled();
    // Nothing moved when it appeared.
    expect(await field.boundingBox()).toEqual(before.field);
    expect(await toggle.boundingBox()).toEqual(before.toggle);
    await shot(page, `prehydrate-${p.name}-after`);
    await axeClean(page, p.name);
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(field).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: p.toggle.replace('tonen', 'verbergen') })).toHaveAttribute('aria-pressed', 'true');
  });
}
