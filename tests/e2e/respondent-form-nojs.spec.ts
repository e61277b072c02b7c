import { expect, test } from '@playwright/test';
import { demoTokens } from './participate-support';

// A respondent on a phone without JavaScript: every step is a plain form post.
test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

test('completes the burgerpeiling with a code, without JavaScript: mandatory error, stop and resume, a question added by a condition', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { tokens: [code] } = await demoTokens(request, 101);
  await page.goto('/portal/meedoen');
  // Before the code names a survey, the footer states the default and the floor of the threshold.
  await expect(page.getByTestId('participate-footer')).toContainText('groot genoeg zijn: meestal vanaf 10 deelnemers, nooit minder dan 5.');
  await page.getByLabel('Uw code').fill(code!);
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page.getByRole('heading', { name: 'Burgerpeiling Zuiderhaven' })).toBeVisible();
  // The survey's pages state its reports' threshold, in the public report's words (min_n 10).
  await expect(page.getByTestId('participate-footer')).toContainText('Uitkomsten worden alleen getoond voor groepen vanaf 10 deelnemers.');
  // Help without JavaScript: the respondents' FAQ and the help form, and back to this survey.
  await page.getByRole('link', { name: 'Hulp bij meedoen' }).click();
  await expect(page).toHaveURL(/\/portal\/meedoen\/hulp\?onderzoek=\d+$/);
  await expect(page.getByTestId('public-help-faq').getByRole('heading', { level: 2 })).toHaveText(['Meedoen aan een onderzoek', 'Uitnodiging', 'De vragenlijst', 'Uw gemeente', 'Afmelden', 'Privacy']);
  // The help page of this survey states its threshold, in the FAQ and the footer, not the general one.
  await page.getByText('Kan iemand zien wat ik heb geantwoord?').click();
  await expect(page.getByText('Nee. Uitkomsten worden alleen getoond voor groepen vanaf 10 deelnemers.')).toBeVisible();
  await expect(page.getByTestId('participate-footer')).toContainText('Uitkomsten worden alleen getoond voor groepen vanaf 10 deelnemers.');
  await page.getByText('Kan ik de vragenlijst later afmaken?').click();
  await expect(page.getByText(/Uw antwoorden worden tussentijds bewaard/)).toBeVisible();
  await expect(page.getByTestId('public-help-form').getByLabel('Uw vraag', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Terug naar de vragenlijst' }).click();
  await expect(page.getByRole('heading', { name: 'Burgerpeiling Zuiderhaven' })).toBeVisible();
  await expect(page).not.toHaveURL(/code=/);
  await page.getByRole('button', { name: 'Beginnen' }).click();

  // Page 1: two mandatory questions left open.
  await expect(page.getByText('Pagina 1 van 3')).toBeVisible();
  await page.getByRole('radio', { name: 'Vrouw' }).check();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Er zijn 2 vragen die u nog moet aanpassen:')).toBeVisible();
  const leeftijd = page.getByRole('group', { name: /Wat is uw leeftijd\?/ });
  await expect(leeftijd.getByText('Deze vraag is verplicht.')).toBeVisible();
  await expect(leeftijd.getByRole('radio').first()).toBeFocused();
  await expect(leeftijd.getByRole('radio').first()).toHaveAttribute('aria-describedby', /-error/);
  await expect(page.getByRole('radio', { name: 'Vrouw' })).toBeChecked();
  await leeftijd.getByRole('radio', { name: '50 t/m 64 jaar' }).check();
  await page.getByLabel(/In welke wijk woont u\?/).selectOption({ label: 'Haven' });
  await page.getByLabel(/Hoeveel jaar woont u/).fill('23');
  await page.getByRole('button', { name: 'Volgende' }).click();

  // Page 2: answer one question, then stop (leave the site).
  await expect(page.getByText('Pagina 2 van 3')).toBeVisible();
  await page.getByLabel(/Welk rapportcijfer/).fill('7');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Pagina 3 van 3')).toBeVisible();
  await page.context().clearCookies();

  // Resume with the code: back on page 3, earlier answers kept.
  await page.goto('/portal/meedoen');
  await page.getByLabel('Uw code').fill(code!);
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page.getByText('Pagina 3 van 3')).toBeVisible();
  await page.getByRole('button', { name: 'Vorige' }).click();
  await expect(page.getByLabel(/Welk rapportcijfer/)).toHaveValue('7');
  await page.getByRole('button', { name: 'Volgende' }).click();

  // 'Hoe had u contact' is asked only after 'Ja': skipped, then added by the answer.
  const kanaal = page.getByRole('group', { name: /Hoe had u contact met de gemeente\?/ });
  await expect(kanaal).toBeHidden();
  await page.getByRole('group', { name: /Hoe tevreden bent u over de dienstverlening/ }).getByRole('radio', { name: 'Tevreden', exact: true }).check();
  await page.getByRole('group', { name: /contact gehad/ }).getByRole('radio', { name: 'Ja' }).check();
  await page.getByRole('button', { name: 'Versturen' }).click();
  await expect(page.getByText('Door uw antwoord zijn er vragen bijgekomen. Wilt u die ook beantwoorden?')).toBeVisible();
  await expect(kanaal).toBeVisible();
  await kanaal.getByRole('checkbox', { name: 'Via de website' }).check();
  await page.getByRole('button', { name: 'Versturen' }).click();
  await expect(page.getByRole('heading', { name: 'Bedankt!' })).toBeVisible();
  await expect(page.getByText('Hartelijk dank voor uw deelname.')).toBeVisible();

  // The same code again: the polite message, the same as for an unknown code.
  await page.goto('/portal/meedoen');
  await page.getByLabel('Uw code').fill(code!);
  await page.getByRole('button', { name: 'Verder' }).click();
  const message = await page.getByRole('alert').textContent();
  expect(message).toContain('Met deze code kunt u niet (meer) meedoen.');
  await page.getByLabel('Uw code').fill('OnbekendeCode123');
  await page.getByRole('button', { name: 'Verder' }).click();
  expect(await page.getByRole('alert').textContent()).toBe(message);
});
