import { expect, test } from '@playwright/test';
import { axeClean, e2eClient } from './support';

const PASSWORD = 'ImpulZ-demo-2026!';

test('the Gebruiker logs in through the form, sees their projects and logs out', async ({ page }) => {
  await page.goto('/portal/');
  await expect(page).toHaveURL(/\/portal\/login$/);
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  // The submit button is enabled once the island has hydrated; the visibility toggle needs it too.
  await expect(page.getByRole('button', { name: 'Inloggen' })).toBeEnabled();

  await page.getByLabel('E-mailadres').fill('gebruiker@demo.impulz.nl');
  const password = page.getByLabel('Wachtwoord', { exact: true });
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord tonen' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Inloggen' }).click();

  await expect(page).toHaveURL(/\/portal\/$/);
  await expect(page.getByRole('heading', { name: 'Welkom, Carla Bakker' })).toBeVisible();
  const projects = page.getByTestId('recent-projects');
  await expect(projects.getByRole('heading', { name: 'Burgerpeiling Zuiderhaven 2026' })).toBeVisible();
  await expect(projects).not.toContainText('Noordbroek');
  // The embedded project overview (spec 000 §2.9): reports count, 'Bekijken' and the way to all projects.
  await expect(projects.getByRole('listitem').first()).toContainText('Rapportages');
  await expect(projects.getByRole('link', { name: 'Bekijken' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Naar alle projecten' })).toHaveAttribute('href', '/portal/project/overview');
  await expect(page.getByTestId('security-summary')).toContainText('Gebruiker');
  expect(await page.evaluate(() => localStorage.getItem('loggedIn'))).toBe('1');

  await page.getByLabel('Gebruikersmenu').click();
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/portal\/login$/);
  await page.goto('/portal/');
  await expect(page).toHaveURL(/\/portal\/login$/);
});

test('a wrong password shows the Dutch error and keeps the user on the login page', async ({ page }) => {
  await page.goto('/portal/login');
  await page.getByLabel('E-mailadres').fill('gebruiker@demo.impulz.nl');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('Helemaal-fout-123!');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('alert')).toContainText('niet bekend');
  await expect(page).toHaveURL(/\/portal\/login$/);
});

test("the login page's help button: the FAQ with the login topic and the help form, keyboard and axe clean", async ({ page }) => {
  const db = e2eClient();
  const email = 'e2e-hulp-login@example.nl';
  try {
    await page.goto('/portal/login');
    await page.getByRole('link', { name: 'Hulp en veelgestelde vragen' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/portal\/hulp\?van=Login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hulp en veelgestelde vragen' })).toBeVisible();
    const faq = page.getByTestId('public-help-faq');
    await expect(faq.getByRole('heading', { level: 2 })).toHaveText(['Inloggen', 'Meedoen aan een onderzoek', 'Uitnodiging', 'Afmelden', 'Privacy']);
    await faq.getByText('Ik ben mijn wachtwoord vergeten. Wat nu?').focus();
    await page.keyboard.press('Enter');
    await expect(faq.getByText(/vul uw e-mailadres in\. U ontvangt een e-mail/)).toBeVisible();
    await axeClean(page, 'the help page of the login');

    // Sent empty: the Dutch messages, listed and at the fields; the first field gets the focus.
    const form = page.getByTestId('public-help-form');
    await form.getByRole('button', { name: 'Versturen' }).click();
    await expect(form.getByText('Er zijn 3 velden die u nog moet aanpassen:')).toBeVisible();
    const name = page.getByLabel('Naam', { exact: true });
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Dit veld mag niet leeg zijn').first()).toBeVisible();
    await axeClean(page, 'the help form with errors');

    await name.fill('Piet Jansen');
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Uw vraag', { exact: true }).fill('Mijn uitnodiging is verlopen.');
    await form.getByRole('button', { name: 'Versturen' }).click();
    await expect(page).toHaveURL(/\/portal\/hulp\?van=Login&verzonden=1$/);
    await expect(page.getByTestId('public-help-sent')).toContainText('Uw bericht is verstuurd naar de helpdesk');
    const stored = await db.execute({ sql: 'select user_id, route from help_questions where email = ?', args: [email] });
    expect(stored.rows.map((r) => ({ ...r }))).toEqual([{ user_id: null, route: 'Login' }]);

    await page.getByRole('link', { name: 'Terug naar inloggen' }).click();
    await expect(page).toHaveURL(/\/portal\/login$/);
  } finally {
    await db.execute({ sql: 'delete from help_questions where email = ?', args: [email] });
    await db.execute({ sql: 'delete from mail_outbox where reply_to = ?', args: [email] });
    db.close();
  }
});
