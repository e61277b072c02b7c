import { expect, test } from '@playwright/test';

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
