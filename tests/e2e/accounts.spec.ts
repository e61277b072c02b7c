import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { totpAt } from '../../src/server/auth/totp';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../scripts/seed/data';
import { DEMO_PANEL_TOKEN } from '../../scripts/seed/accounts';

const NEW_PASSWORD = 'Nieuw-Wachtwoord-2026';

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

async function fillNewPassword(page: Page, password: string) {
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(password);
  await page.getByLabel('Herhaal nieuw wachtwoord').fill(password);
}

/**
 * Gives the signed-in user the demo password back (POST password/change from the page), so the
 * specs that run later on the same server (the crawl logs in every demo user) find it unchanged.
 */
async function restoreDemoPassword(page: Page) {
  const status = await page.evaluate(async ([current, demo]) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    const res = await fetch('/portal/auth/password/change', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({ current_password: current, password: demo, password_confirmation: demo }),
    });
    return res.status;
  }, [NEW_PASSWORD, DEMO_PASSWORD] as const);
  expect(status).toBe(200);
}

/** Opens the dev mailbox and follows the link in the newest message to `to`. */
async function followMailLink(page: Page, to: string) {
  await page.goto('/portal/dev/mailbox');
  const mail = page.getByTestId('mail').filter({ has: page.getByTestId('mail-to').getByText(to, { exact: true }) }).first();
  await mail.getByRole('link').first().click();
}

test('the demo admin logs in with a TOTP code from the demo secret', async ({ page }) => {
  await page.goto('/portal/login');
  await fillLogin(page, 'admin@demo.impulz.nl', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Tweestapsverificatie' })).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(totpAt(DEMO_TOTP_SECRET, new Date()));
  await page.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page).toHaveURL(/\/portal\/$/);
  await expect(page.getByRole('heading', { name: 'Welkom, Anne de Vries' })).toBeVisible();
});

test('a new administrator is held in the two-factor setup until it is on', async ({ page }) => {
  await page.goto('/portal/login');
  await fillLogin(page, 'nieuwe-admin@demo.impulz.nl', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/portal\/$/);
  const dialog = page.getByRole('dialog', { name: 'Tweestapsverificatie instellen' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('verplicht');
  await expect(dialog.getByRole('button', { name: 'Annuleren' })).toHaveCount(0);
  // Every staff page holds the user, not only the front page.
  await page.goto('/portal/manage/user/invite');
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Doorgaan' }).click();
  await expect(dialog.getByRole('img', { name: 'QR-code voor uw authenticator-app' })).toBeVisible();
  await expect(dialog.getByTestId('two-factor-timer')).toContainText(/Resterende tijd: [45]:/);
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
  await dialog.getByRole('button', { name: 'Volgende' }).click();

  await expect(dialog.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(8);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download backup_codes.csv' }).click()]);
  expect(download.suggestedFilename()).toBe('backup_codes.csv');
  const lines = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(8);
  await dialog.getByRole('button', { name: 'Volgende' }).click();

  await dialog.getByLabel('Code').fill(totpAt(secret, new Date()));
  await dialog.getByRole('button', { name: 'Inschakelen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Gebruiker uitnodigen', level: 1 })).toBeVisible();
  await page.goto('/portal/');
  await expect(page.getByRole('heading', { name: 'Welkom, Frank Meijer' })).toBeVisible();
  await expect(page.getByTestId('account-gate')).toHaveCount(0);
  await page.goto('/portal/manage/user/20/password');
  await expect(page.getByTestId('two-factor-settings')).toContainText('Ingeschakeld');
});

test('a forgotten password is reset through the link in the outbox', async ({ page }) => {
  await page.goto('/portal/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill('api@demo.impulz.nl');
  await page.getByRole('button', { name: 'Verstuur link' }).click();
  await expect(page.getByRole('status')).toContainText('Als dit e-mailadres bij ons bekend is');

  await followMailLink(page, 'api@demo.impulz.nl');
  await expect(page).toHaveURL(/\/portal\/password\/reset\/[a-z2-7]+$/);
  await fillNewPassword(page, 'te-kort');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('Het wachtwoord moet minimaal 12 karakters bevatten').last()).toBeVisible();
  await fillNewPassword(page, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByRole('status')).toContainText('Uw wachtwoord is gewijzigd');
  await page.getByRole('link', { name: 'Naar inloggen', exact: true }).click();
  await fillLogin(page, 'api@demo.impulz.nl', NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Welkom, Koppeling Zuiderhaven' })).toBeVisible();
  await restoreDemoPassword(page);
});

test('an invited colleague registers through the e-mailed link and is logged in', async ({ page, context }) => {
  await page.goto('/portal/login');
  await fillLogin(page, 'beheerder@demo.impulz.nl', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/portal\/$/);
  await page.goto('/portal/manage/user/invite');
  await expect(page.getByRole('heading', { name: 'Gebruiker uitnodigen', level: 1 })).toBeVisible();
  await page.getByLabel('E-mailadres').fill('collega@zuiderhaven.nl');
  await page.getByLabel('Naam (optioneel)').fill('Jan Collega');
  await page.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(page.getByTestId('invites')).toContainText('Jan Collega <collega@zuiderhaven.nl>');
  // Other companies' invitations are not listed.
  await expect(page.getByTestId('invites')).not.toContainText('noordbroek');
  await context.clearCookies();

  await followMailLink(page, 'collega@zuiderhaven.nl');
  await expect(page.getByRole('heading', { name: 'Registreren' })).toBeVisible();
  await expect(page.getByText('Gemeente Zuiderhaven')).toBeVisible();
  await expect(page.getByLabel('E-mailadres')).toHaveValue('collega@zuiderhaven.nl');
  await fillNewPassword(page, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page.getByRole('heading', { name: 'Welkom, Jan Collega' })).toBeVisible();
});

test('a respondent registers through the panel token and is in the panel', async ({ page }) => {
  await page.goto(`/portal/register/panel/${DEMO_PANEL_TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Aanmelden bij panel' })).toBeVisible();
  await expect(page.getByText("deel te nemen aan het panel 'Burgerpanel Zuiderhaven'")).toBeVisible();
  await page.getByLabel('Volledige naam').fill('Rita Respondent');
  await page.getByLabel('E-mailadres').fill('rita@example.nl');
  await page.getByRole('button', { name: 'Genereer een sterk wachtwoord' }).click();
  // The demo panel asks its required background fields (scripts/seed/panels.ts).
  await page.getByLabel('Leeftijdsgroep *').selectOption({ label: '35 – 49 jaar' });
  await page.getByRole('group', { name: 'Wijk *' }).getByLabel('Centrum').check();
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page.getByRole('heading', { name: 'Welkom, Rita Respondent' })).toBeVisible();
  const panels = await page.evaluate(async () => {
    const boot = (await (await fetch('/portal/api/v2/bootstrap')).json()) as { data: { user: { data: { panelIds: number[] } } } };
    return boot.data.user.data.panelIds;
  });
  expect(panels).toEqual([1]);

  await page.goto('/portal/register/panel/bestaat-niet');
  await expect(page).toHaveURL(/\/portal\/$/);
});

test('an existing user logs in through the panel link and joins the panel', async ({ page }) => {
  await page.goto(`/portal/login/panel/${DEMO_PANEL_TOKEN}`);
  await expect(page.getByText("Log in om deel te nemen aan het panel 'Burgerpanel Zuiderhaven'")).toBeVisible();
  await fillLogin(page, 'beheerder@demo.impulz.nl', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Welkom, Bram Jansen' })).toBeVisible();
  const panels = await page.evaluate(async () => {
    const boot = (await (await fetch('/portal/api/v2/bootstrap')).json()) as { data: { user: { data: { panelIds: number[] } } } };
    return boot.data.user.data.panelIds;
  });
  expect(panels).toContain(1);
});

test('a user changes their own password on ViewUserPassword; other sessions end', async ({ page, browser }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/portal/login');
  await fillLogin(otherPage, 'gebruiker@delinde.demo.impulz.nl', DEMO_PASSWORD);
  await expect(otherPage).toHaveURL(/\/portal\/$/);

  await page.goto('/portal/login');
  await fillLogin(page, 'gebruiker@delinde.demo.impulz.nl', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/portal\/$/);
  await page.goto('/portal/manage/user/6/password');
  await expect(page.getByRole('heading', { name: 'Wachtwoord wijzigen' })).toBeVisible();
  await page.getByLabel('Huidig wachtwoord').fill('niet-het-goede');
  await fillNewPassword(page, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByText('Het huidige wachtwoord is onjuist.').first()).toBeVisible();
  await page.getByLabel('Huidig wachtwoord').fill(DEMO_PASSWORD);
  await fillNewPassword(page, NEW_PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByRole('status')).toContainText('Uw wachtwoord is gewijzigd.');

  // This session continues; the other browser was logged out by the change.
  await page.goto('/portal/');
  await expect(page.getByRole('heading', { name: 'Welkom, Eva Smit' })).toBeVisible();
  await otherPage.goto('/portal/');
  await expect(otherPage).toHaveURL(/\/portal\/login$/);
  await other.close();
  await restoreDemoPassword(page);
});

test("the two-factor password, when switching it on and off, has 'Wachtwoord tonen' as every typed password", async ({ page }) => {
  await page.goto('/portal/login');
  await fillLogin(page, 'gebruiker@delinde.demo.impulz.nl', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/portal\/$/);
  await page.goto('/portal/manage/user/6/password');
  await page.getByRole('button', { name: 'Tweestapsverificatie inschakelen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tweestapsverificatie instellen' });
  const inDialog = dialog.getByLabel('Wachtwoord', { exact: true });
  await inDialog.fill(DEMO_PASSWORD);
  await expect(inDialog).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Wachtwoord tonen' }).press('Enter');
  await expect(inDialog).toHaveAttribute('type', 'text');
  await expect(inDialog).toHaveValue(DEMO_PASSWORD);
  await expect(dialog.getByRole('button', { name: 'Wachtwoord verbergen' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Doorgaan' }).click();
  const secret = (await dialog.getByTestId('two-factor-secret').textContent())!.trim();
  await dialog.getByRole('button', { name: 'Volgende' }).click();
  await dialog.getByRole('button', { name: 'Volgende' }).click();
  await dialog.getByLabel('Code').fill(totpAt(secret, new Date()));
  await dialog.getByRole('button', { name: 'Inschakelen' }).click();
  await expect(dialog).toBeHidden();

  // Switching it off asks for the password again: the same toggle, by keyboard.
  const settings = page.getByTestId('two-factor-settings');
  await expect(settings).toContainText('Ingeschakeld');
  const field = settings.getByLabel('Wachtwoord', { exact: true });
  await field.fill(DEMO_PASSWORD);
  await settings.getByRole('button', { name: 'Wachtwoord tonen' }).focus();
  await page.keyboard.press('Space');
  await expect(field).toHaveAttribute('type', 'text');
  await expect(field).toHaveValue(DEMO_PASSWORD);
  await settings.getByRole('button', { name: 'Tweestapsverificatie uitschakelen' }).click();
  await expect(page.getByTestId('two-factor-settings')).toContainText('Niet ingeschakeld');
});
