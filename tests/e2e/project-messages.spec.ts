import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login, confirmDialog } from './support';

// Project 2 'Burgerpeiling 2026 – Wijk Centrum': the Beheerder is Projectleider, the Gebruiker Projectlid.
const PROJECT = 2;
const stamp = Date.now();
const TEXT = `Het veldwerk is gestart (${stamp}). Zie de **planning** en het interviewfragment.`;
const mp3 = readFileSync(new URL('../fixtures/messages/toon.mp3', import.meta.url));
// A PDF of 3 MB (the fixture with a padded tail), so the progress is visible under a throttled upload.
const pdf = Buffer.concat([readFileSync(new URL('../fixtures/messages/verslag.pdf', import.meta.url)), Buffer.alloc(3 * 1024 * 1024, 0x25)]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test('a Beheerder posts a message with two attachments and sees the progress', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  await page.goto(`/portal/project/${PROJECT}`);
  await page.getByRole('link', { name: 'Berichten' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/portal/project/${PROJECT}/messages$`));
  await expect(page.getByRole('heading', { name: 'Nieuw bericht' })).toBeVisible();
  await axeClean(page);

  await page.getByLabel('Bericht', { exact: true }).fill(TEXT);
  await page.locator('#message-files').setInputFiles([
    { name: 'interview.mp3', mimeType: 'audio/mpeg', buffer: mp3 },
    { name: 'planning.pdf', mimeType: 'application/pdf', buffer: pdf },
  ]);
  await expect(page.getByText('interview.mp3 (12,1 kB)')).toBeVisible();
  await expect(page.getByText('planning.pdf (3 MB)')).toBeVisible();

  // Throttle the upload (1 MB/s), so the bars move while we look.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
  await page.getByRole('button', { name: 'Versturen' }).click();
  await expect(page.getByRole('button', { name: 'Bezig met versturen…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Annuleren' })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Voortgang van planning.pdf' });
  await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 20_000 }).toBeGreaterThan(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const message = page.getByTestId('messages').locator('li[data-message]').filter({ hasText: String(stamp) });
  await expect(message).toBeVisible({ timeout: 30_000 });
  await expect(message.getByText('planning', { exact: true })).toBeVisible();
  await expect(message.getByText('interview.mp3')).toBeVisible();
  await expect(message.getByText('planning.pdf')).toBeVisible();
  await expect(message.locator('audio')).toHaveCount(1);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('the Gebruiker sees it as unread, plays the audio, downloads the pdf; the outbox holds the notification', async ({ page }) => {
  await login(page, 'gebruiker@demo.impulz.nl');
  await page.goto(`/portal/project/${PROJECT}`);
  const badge = page.getByTestId('unread-messages');
  await expect(badge).toHaveText(/^\d+ nieuwe? berichte?n?$/);
  await badge.click();
  await expect(page).toHaveURL(new RegExp(`/portal/project/${PROJECT}/messages$`));
  const message = page.getByTestId('messages').locator('li[data-message]').filter({ hasText: String(stamp) });
  await expect(message.getByText('Nieuw', { exact: true })).toBeVisible();
  await expect(message.getByText('Bram Jansen')).toBeVisible();
  await axeClean(page);

  // Plays: the browser fetches the file with Range requests (206) and the time moves on.
  const audio = message.locator('audio');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  expect(await audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(2);
  await audio.evaluate((a: HTMLAudioElement) => {
    a.muted = true;
    return a.play();
  });
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);

  const [download] = await Promise.all([page.waitForEvent('download'), message.getByRole('link', { name: 'Downloaden: planning.pdf' }).click()]);
  expect(download.suggestedFilename()).toBe('planning.pdf');
  expect(sha(readFileSync((await download.path())!))).toBe(sha(pdf));

  // Read now: the badge is gone.
  await page.goto(`/portal/project/${PROJECT}`);
  await expect(page.getByTestId('unread-messages')).toHaveCount(0);

  await page.goto('/portal/dev/mailbox');
  const mail = page.getByTestId('mail').filter({ hasText: String(stamp) }).filter({ has: page.getByTestId('mail-to').getByText('gebruiker@demo.impulz.nl', { exact: true }) });
  await expect(mail.first()).toContainText("Nieuw bericht in project 'Burgerpeiling 2026 – Wijk Centrum'");
  await expect(mail.first()).toContainText('planning.pdf');
});

test('the Beheerder renames an attachment and sets its types with the keyboard; a bad name gets the Dutch rule; a single file is deleted', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  await page.goto(`/portal/project/${PROJECT}/messages`);
  const message = page.getByTestId('messages').locator('li[data-message]').filter({ hasText: String(stamp) });
  const edit = message.getByRole('button', { name: 'planning.pdf wijzigen' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const form = message.getByRole('form', { name: 'planning.pdf wijzigen' });
  const name = form.getByLabel('Bestandsnaam (de extensie .pdf blijft)');
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('planning');
  await axeClean(page);

  await name.fill('planning/v2.exe');
  await page.keyboard.press('Enter');
  await expect(form.getByText('Een bestandsnaam mag alleen letters, cijfers, spaties, underscores (_) en streepjes (-) bevatten.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();

  await name.fill('Planning veldwerk_v2');
  await form.getByLabel('Onderwerp').selectOption({ label: 'Planning' });
  await form.getByLabel('Soort data').selectOption({ label: 'Tabellenboek' });
  await form.getByRole('button', { name: 'Opslaan' }).click();
  await expect(form).toHaveCount(0);
  await expect(message.getByText('Planning veldwerk_v2.pdf')).toBeVisible();
  await expect(message.getByTestId('file-types')).toHaveText('Planning · Tabellenboek');
  await expect(message.getByRole('button', { name: 'Planning veldwerk_v2.pdf wijzigen' })).toBeFocused();
  // Escape closes the form without saving.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(message.getByRole('form')).toHaveCount(0);

  // Saved on the server: after a reload too, and the download carries the new name.
  await page.reload();
  const link = message.getByRole('link', { name: 'Downloaden: Planning veldwerk_v2.pdf' });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('Planning veldwerk_v2.pdf');

  await message.getByRole('button', { name: 'interview.mp3 verwijderen' }).click();
  await confirmDialog(page);
  await expect(message.getByText('interview.mp3')).toHaveCount(0);
  await expect(message.locator('audio')).toHaveCount(0);
  await page.reload();
  await expect(message.getByText('Planning veldwerk_v2.pdf')).toBeVisible();
  await expect(message.getByText('interview.mp3')).toHaveCount(0);
});
