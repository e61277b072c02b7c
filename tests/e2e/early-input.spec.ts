import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, apiCall, holdScripts, login } from './support';

// A slow phone (holdScripts): what was typed, chosen or ticked before the islands' JavaScript ran
// must survive the hydration and reach the server.

test('login: typed before hydration, an early Enter does nothing, then the login goes through', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/portal/login', { waitUntil: 'commit' });
  const button = page.getByRole('button', { name: 'Inloggen' });
  await expect(button).toBeDisabled();
  await page.getByLabel('E-mailadres').fill('gebruiker@demo.impulz.nl');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  // The button isn't active yet, so Enter can't post the form natively (and lose it).
  await page.getByLabel('Wachtwoord', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/portal\/login$/);

  await release();
  await expect(button).toBeEnabled();
  await expect(page.getByLabel('E-mailadres')).toHaveValue('gebruiker@demo.impulz.nl');
  await expect(page.getByLabel('Wachtwoord', { exact: true })).toHaveValue(DEMO_PASSWORD);
  await button.click();
  await expect(page).toHaveURL(/\/portal\/$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Welkom, Carla Bakker' })).toBeVisible();
});

test('a new user: text, e-mail, radio and select chosen before hydration are kept and submitted', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const release = await holdScripts(page);
  await page.goto('/portal/manage/user/new', { waitUntil: 'commit' });
  const button = page.getByRole('button', { name: 'Gebruiker aanmaken' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Volledige naam').fill('Vroege Vogel');
  await page.getByLabel('E-mailadres').fill('vroege.vogel@zuiderhaven.nl');
  await page.getByLabel('Gebruikersgroep').selectOption({ label: 'Gebruiker' });
  await page.getByRole('radio', { name: /uitnodiging per e-mail/ }).check();

  await release();
  // The radio's change reached React: the button now says what it will do.
  await expect(page.getByRole('button', { name: 'Uitnodiging versturen' })).toBeEnabled();
  await expect(page.getByLabel('Volledige naam')).toHaveValue('Vroege Vogel');
  await expect(page.getByLabel('E-mailadres')).toHaveValue('vroege.vogel@zuiderhaven.nl');
  await expect(page.getByLabel('Gebruikersgroep').locator('option:checked')).toHaveText('Gebruiker');
  await page.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(page.getByText('De uitnodiging is verstuurd naar vroege.vogel@zuiderhaven.nl.')).toBeVisible();
});

test('the project overview: a search typed before hydration filters once the island runs', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const release = await holdScripts(page);
  await page.goto('/portal/project/overview', { waitUntil: 'commit' });
  const search = page.getByPlaceholder('Zoek project...');
  await search.fill('sociaal WMO');

  await release();
  const overview = page.getByTestId('overview');
  await expect(overview.getByRole('heading')).toHaveText(['Klanttevredenheid Wmo 2026']);
  await expect(search).toHaveValue('sociaal WMO');
});

test('a project message typed before hydration is kept and sent', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const release = await holdScripts(page);
  await page.goto('/portal/project/2/messages', { waitUntil: 'commit' });
  const send = page.getByRole('button', { name: 'Versturen' });
  await expect(send).toBeDisabled();
  const text = `Vroeg getypt bericht (${Date.now()})`;
  // By role: React mirrors a controlled textarea's value into its text, which joins the label's text.
  const body = page.getByRole('textbox', { name: 'Bericht', exact: true });
  await body.fill(text);

  await release();
  await expect(send).toBeEnabled();
  await expect(body).toHaveValue(text);
  await send.click();
  await expect(page.getByTestId('messages').locator('li[data-message]').filter({ hasText: text })).toBeVisible({ timeout: 15_000 });
  await expect(body).toHaveValue('');
});

test('a response file chosen before hydration reaches the server (whose answer, not "choose a file", comes back)', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const release = await holdScripts(page);
  await page.goto('/portal/survey/1/edit/response', { waitUntil: 'commit' });
  await page.getByLabel(/Responsbestand/).setInputFiles({ name: 'leeg.csv', mimeType: 'text/csv', buffer: Buffer.from('id,submitdate\n') });

  await release();
  await page.getByRole('button', { name: 'Uploaden' }).click();
  // The server read the file (and changes nothing: no question columns); a lost file would get 'Dit veld mag niet leeg zijn'.
  await expect(page.locator('#main').getByText('Het responsbestand bevat geen enkele kolom van een vraag uit deze enquête.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#main').getByText('Dit veld mag niet leeg zijn')).toHaveCount(0);
});

test('a new chart: title and chart type chosen before hydration are kept and saved', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const report = await apiCall<{ data: { id: number } }>(page, 'POST', '/report', { project_id: 1, title: `E2E vroege grafiek ${Date.now()}` });
  expect(report.status).toBe(201);
  const reportId = report.json.data.id;
  const section = await apiCall<{ data: { id: number } }>(page, 'POST', `/report/${reportId}/section`, { title: 'Vroeg' });
  const release = await holdScripts(page);
  await page.goto(`/portal/report/${reportId}/section/${section.json.data.id}/chart/new`, { waitUntil: 'commit' });
  const create = page.getByRole('button', { name: 'Grafiek aanmaken' });
  await expect(create).toBeDisabled();
  await page.getByRole('textbox', { name: /^Titel/ }).fill('Vroeg gekozen grafiek');
  await page.getByRole('combobox', { name: 'Grafiektype' }).selectOption({ label: 'Staafdiagram (horizontaal)' });

  await release();
  await expect(create).toBeEnabled();
  await expect(page.getByRole('textbox', { name: /^Titel/ })).toHaveValue('Vroeg gekozen grafiek');
  await create.click();
  await expect(page).toHaveURL(/\/chart\/\d+\/edit\/dataLocations$/);
  const chartId = Number(/chart\/(\d+)\/edit/.exec(page.url())![1]);
  const saved = await apiCall<{ data: { title: string; chart_type_id: number } }>(page, 'GET', `/chart/${chartId}`);
  expect(saved.json.data.title).toBe('Vroeg gekozen grafiek');
  await page.goto(`/portal/report/${reportId}/section/${section.json.data.id}/chart/${chartId}/edit/base`);
  await expect(page.getByRole('combobox', { name: 'Grafiektype' }).locator('option:checked')).toHaveText('Staafdiagram (horizontaal)');
});
