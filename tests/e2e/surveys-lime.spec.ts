import { expect, test, type Page } from '@playwright/test';
import { startLimeServer } from '../helpers/lime-rpc-server';
import { axeClean, e2eClient, login, loginAdmin, shot, confirmDialog } from './support';

const client = e2eClient();
let lime: Awaited<ReturnType<typeof startLimeServer>>;
test.beforeAll(async () => {
  lime = await startLimeServer();
  // One participant LimeSurvey has no token for: the first sync gives it a portal code and says so.
  lime.participants.push({ ...lime.participants[5]!, tid: '7', token: null, participant_info: { firstname: 'Zonder', lastname: 'Token', email: 'z7@example.org' } });
});
test.afterAll(async () => {
  await lime.close();
  client.close();
});

test("LimeSurvey koppeling: the Beheerder connects, imports a survey whose responses arrive; the Admin couples users to LimeSurvey users and 'mine' filters", async ({ page }) => {
  test.setTimeout(120_000);
  // The company's connection, tested on saving.
  await login(page, 'beheerder@noordbroek.demo.impulz.nl');
  await page.goto('/portal/survey/lime');
  // The form is an island: type once it has hydrated (its button is enabled then).
  await expect(page.getByRole('button', { name: 'Opslaan en testen' })).toBeEnabled();
  await page.getByLabel('RemoteControl-URL').fill(lime.url);
  await page.getByLabel('Gebruikersnaam').fill(lime.username);
  await page.getByLabel('Wachtwoord').fill('fout');
  await page.getByRole('button', { name: 'Opslaan en testen' }).click();
  await expect(page.getByText('De LimeSurvey-installatie gaf geen geldig antwoord').first()).toBeVisible();
  await page.getByLabel('Wachtwoord').fill(lime.password);
  await page.getByRole('button', { name: 'Opslaan en testen' }).click();
  const table = page.getByRole('table', { name: 'Enquêtes in LimeSurvey' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Structuur importeren: Colors' }).click();
  await expect(page.getByRole('button', { name: 'Nu synchroniseren: Colors' })).toBeVisible({ timeout: 30_000 });
  await expect(table.getByText(/Laatst gesynchroniseerd/)).toBeVisible({ timeout: 30_000 });
  await expect(table.getByText(`${lime.responses.length} responsen en ${lime.participants.length} tokens nieuw of bijgewerkt. 1 deelnemer zonder code kreeg een nieuwe code.`)).toBeVisible();
  await axeClean(page, 'survey/lime');
  await shot(page, 'survey-lime-beheerder');
  // Not coupled yet: 'mine' says so.
  await page.getByLabel('Alleen mijn LimeSurvey-enquêtes').check();
  await expect(page.getByText(/U bent nog niet gekoppeld aan een LimeSurvey-gebruiker/)).toBeVisible();
  // Leave the page first: an answer still under way would set the session cookie again.
  await page.goto('about:blank');
  await page.context().clearCookies();

  // The Admin couples the Beheerder to LimeSurvey user 'onderzoeker' (uid 7), chosen from the installation's list.
  const [row] = (await client.execute({ sql: 'select id from users where email = ?', args: ['beheerder@noordbroek.demo.impulz.nl'] })).rows;
  await loginAdmin(page, client);
  await page.goto(`/portal/manage/user/${row!.id}/lime`);
  // A session made without the login form has no XSRF cookie yet.
  await page.evaluate(() => fetch('/portal/auth/csrf-cookie'));
  const select = page.getByLabel('LimeSurvey-gebruiker');
  await expect(select.getByRole('option')).toHaveCount(3);
  await select.selectOption({ label: 'Onderzoeker Een (onderzoeker, id 7)' });
  await page.getByRole('button', { name: 'Koppeling opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'LimeSurvey gebruikers-id: 7 (Onderzoeker Een, onderzoeker)' })).toBeVisible();
  await axeClean(page, 'manage/user/lime');
  await shot(page, 'user-lime-admin');
  await page.goto('about:blank');
  await page.context().clearCookies();

  // Now 'mine' lists only the surveys of 'onderzoeker'.
  await login(page, 'beheerder@noordbroek.demo.impulz.nl');
  await page.goto('/portal/survey/lime');
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Alleen mijn LimeSurvey-enquêtes').check();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Colors')).toBeVisible();
  await shot(page, 'survey-lime-mine');
  // Leave nothing behind for other specs: the connection goes.
  await page.getByRole('button', { name: 'Koppeling verwijderen' }).click();
  await confirmDialog(page);
  await expect(table).toBeHidden();
});
