import { expect, test } from '@playwright/test';
import { axeClean } from './participate-support';
import { login, shot } from './support';

test('staff enter two paper forms by typing codes, keyboard only; a form number counts once', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page);
  await page.goto('/portal/invoer');
  await page.getByRole('link', { name: /Burgerpeiling Zuiderhaven/ }).click();
  await expect(page.getByRole('heading', { name: /Papieren formulieren invoeren/ })).toBeVisible();
  const number = page.getByLabel('Formuliernummer');
  await expect(number).toBeFocused();
  // In the staff layout: the portal header, crumbs and a way back to the survey.
  await expect(page.locator('header.impulz-header')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: /Burgerpeiling Zuiderhaven/ })).toHaveAttribute('href', /\/portal\/survey\/\d+\/edit$/);
  await expect(page.getByRole('link', { name: /Terug naar het onderzoek/ })).toHaveAttribute('href', /\/portal\/survey\/\d+\/edit$/);
  await axeClean(page);
  await shot(page, 'paper-entry');
  await number.focus();

  // Form 1: Enter moves from field to field.
  await number.fill('1001');
  await number.press('Enter');
  await expect(page.getByLabel('Datum van invullen')).toBeFocused();
  await page.getByLabel('Datum van invullen').press('Enter');
  await expect(page.getByLabel(/Wat is uw leeftijd\?/)).toBeFocused();
  await page.keyboard.type('A2');
  await page.keyboard.press('Enter');
  await page.keyboard.type('V');
  await page.keyboard.press('Enter');
  await page.keyboard.type('W4');
  await page.getByLabel(/Hoe tevreden bent u over de dienstverlening/).fill('4');
  await page.getByLabel(/Heeft u het afgelopen jaar contact/).fill('N');
  await page.getByRole('button', { name: 'Opslaan en volgend formulier' }).click();
  await expect(page.getByTestId('paper-saved')).toHaveText('Formulier 1001 is opgeslagen.');
  await expect(page.getByText('Ingevoerd in dit onderzoek: 1 papieren formulier.')).toBeVisible();

  // Form 2: the next number is ready; a wrong code is caught.
  await expect(number).toHaveValue('1002');
  await expect(number).toBeFocused();
  await page.getByLabel(/Wat is uw leeftijd\?/).fill('A7');
  await page.getByRole('button', { name: 'Opslaan en volgend formulier' }).click();
  await expect(page.getByText('Het formulier is niet opgeslagen. Verbeter de gemarkeerde velden.')).toBeVisible();
  // The summary names the question by its text, not its code.
  await expect(page.getByRole('alert').getByRole('link', { name: /^Wat is uw leeftijd\?: / })).toBeVisible();
  await expect(page.getByLabel(/Wat is uw leeftijd\?/)).toBeFocused();
  await page.getByLabel(/Wat is uw leeftijd\?/).fill('A1');
  await page.getByLabel(/Heeft u het afgelopen jaar contact/).fill('Y');
  await page.getByRole('checkbox', { name: /Via sociale media/ }).check();
  await page.getByRole('button', { name: 'Opslaan en volgend formulier' }).click();
  await expect(page.getByTestId('paper-saved')).toHaveText('Formulier 1002 is opgeslagen.');

  // The first number again: refused.
  await number.fill('1001');
  await page.getByRole('button', { name: 'Opslaan en volgend formulier' }).click();
  await expect(page.getByText('Formulier 1001 is al ingevoerd. Controleer het nummer.').first()).toBeVisible();

  // The tokens tab shows the fieldwork: link, paper count.
  const ids = await page.evaluate(async () => (await (await fetch('/portal/api/v2/survey/index-items')).json()) as { data: { id: number; displayTitle: string }[] });
  const id = ids.data.find((s) => s.displayTitle.startsWith('Burgerpeiling Zuiderhaven'))!.id;
  await page.goto(`/portal/survey/${id}/edit/tokens`);
  await expect(page.getByTestId('participation-link')).toHaveText(new RegExp(`/portal/meedoen/${id}$`));
  await expect(page.getByText(/2 papieren formulieren/)).toBeVisible();
});
