import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { login } from './support';

test.describe.configure({ mode: 'serial' });
// Several screens, an axe scan each and a second login: more than the default 30 s on a busy machine.
test.setTimeout(90_000);

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

test('a company admin creates a user, gives roles and a project; the user logs in with the generated password and must change it', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Gebruikers' }).click();
  await expect(page).toHaveURL(/\/portal\/manage\/user\/overview$/);
  await expect(page.getByRole('link', { name: 'Demo-gebruikers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'API-gebruikers' })).toHaveCount(0); // group Admin only
  await page.getByRole('link', { name: 'Nieuwe gebruiker' }).click();
  // The island is interactive once its submit button is enabled.
  await expect(page.getByRole('button', { name: 'Gebruiker aanmaken' })).toBeEnabled();

  // Keyboard only: fill the form and submit with Enter.
  await page.getByLabel('Volledige naam').fill('Iris Nieuwenhuis');
  await page.getByLabel('E-mailadres').fill('iris.nieuwenhuis@zuiderhaven.nl');
  await page.getByLabel('Gebruikersgroep').selectOption({ label: 'Gebruiker' });
  await page.getByLabel('E-mailadres').press('Enter');
  const secret = page.getByTestId('once-secret');
  await expect(secret).toBeVisible();
  const password = (await secret.textContent())!.trim();
  expect(password).toHaveLength(16);
  await page.getByRole('link', { name: 'Naar de gebruiker' }).click();
  await expect(page.getByRole('heading', { name: 'Iris Nieuwenhuis', level: 1 })).toBeVisible();
  await expect(page.getByText('Moet bij de volgende keer inloggen een nieuw wachtwoord kiezen')).toBeVisible();

  // Roles: an extra role, and one she can't get because the admin lacks it.
  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Rollen' }).click();
  const create = page.getByRole('checkbox', { name: 'aanmaken dashboard.create' });
  await expect(create).toBeEnabled();
  await expect(create).not.toBeChecked();
  await create.check();
  await expect(page.getByText('Rol is opgeslagen')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'bekijken admin.view' })).toBeDisabled();
  await axeClean(page);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'aanmaken dashboard.create' })).toBeChecked();

  // A project.
  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Projecten' }).click();
  await expect(page.getByText('Deze gebruiker is nog geen lid van een project.')).toBeVisible();
  await expect(page.getByLabel('Toevoegen aan project')).toBeEnabled();
  await page.getByLabel('Toevoegen aan project').selectOption({ label: 'Omgevingsvisie participatie' });
  await page.getByLabel('Projectrol').selectOption({ label: 'Projectlid' });
  await page.getByRole('button', { name: 'Toevoegen aan project' }).click();
  await expect(page.getByRole('list', { name: 'Projecten' }).getByRole('link', { name: 'Omgevingsvisie participatie' })).toBeVisible();

  // Her first login: the generated password works once, then a new one is required.
  await page.context().clearCookies();
  await page.goto('/portal/login');
  await page.getByLabel('E-mailadres').fill('iris.nieuwenhuis@zuiderhaven.nl');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  const gate = page.getByRole('dialog', { name: 'Nieuw wachtwoord vereist' });
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('button', { name: 'Wachtwoord wijzigen' })).toBeEnabled();
  await gate.getByLabel('Huidig wachtwoord').fill(password);
  await gate.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Iris-Eigen-Wachtwoord-2026');
  await gate.getByLabel('Herhaal nieuw wachtwoord').fill('Iris-Eigen-Wachtwoord-2026');
  // The form reloads the page when the password is changed; the reloaded shell has no gate.
  const reloaded = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame());
  await gate.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await reloaded;
  await page.waitForLoadState('load');
  await expect(gate).toHaveCount(0);
  await expect(page.getByTestId('account-gate')).toHaveCount(0);
  await page.goto('/portal/project/overview');
  await expect(page.getByRole('heading', { name: 'Omgevingsvisie participatie' })).toBeVisible();
});

test("'Mijn organisatie' opens the own company; its admins and users are listed", async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  await page.getByLabel('Gebruikersmenu').click();
  await page.getByRole('link', { name: 'Mijn organisatie' }).click();
  await expect(page).toHaveURL(/\/portal\/manage\/company\/1$/);
  await expect(page.getByRole('heading', { name: 'Gemeente Zuiderhaven', level: 1 })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Onderdelen' });
  for (const tab of ['Algemeen', 'Beheerders', "Thema's", 'Gebruikers', 'Panels']) await expect(tabs.getByRole('link', { name: tab })).toBeVisible();
  await tabs.getByRole('link', { name: 'Beheerders' }).click();
  await expect(page.getByText('Bram Jansen (u)')).toBeVisible();
  await tabs.getByRole('link', { name: 'Gebruikers' }).click();
  await expect(page.getByRole('heading', { name: 'Carla Bakker' })).toBeVisible();
  await axeClean(page);
});

test('a demo account is marked in the list, reads its project only and is refused after its end date', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  await page.goto('/portal/manage/user/overview/demo');
  await expect(page.getByRole('heading', { name: 'Prospect Willemsen (Demo)' })).toBeVisible();
  await expect(page.getByText(/\(Verlopen\)/)).toBeVisible();
  await page.context().clearCookies();
  await login(page, 'demo@demo.impulz.nl');
  await expect(page.getByTestId('demo-banner')).toContainText('Demo-account');
  await page.context().clearCookies();
  await page.goto('/portal/login');
  await page.getByLabel('E-mailadres').fill('demo-verlopen@demo.impulz.nl');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('ImpulZ-demo-2026!');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByText(/Dit demo-account is verlopen op/).first()).toBeVisible();
});
