import { expect, test } from '@playwright/test';
import { REBUILD_COOL_DOWN } from '../../src/server/services/participate/cube-rebuild';
import { axeClean, demoTokens, publicCounter } from './participate-support';

test.use({ viewport: { width: 390, height: 844 } });

test('completes the burgerpeiling with JavaScript: live condition, mandatory error, stop and resume; the report counts it after the rebuild', async ({ page, request }) => {
  test.setTimeout(120_000 + REBUILD_COOL_DOWN.maxSeconds * 1000);
  const { surveyId, tokens: [code] } = await demoTokens(request, 102);
  const before = await publicCounter(page);

  await page.goto('/portal/meedoen');
  await axeClean(page);
  // The invitation's link carries the code; it leaves the address bar at once.
  await page.goto(`/portal/meedoen/${surveyId}?code=${code}`);
  await expect(page).toHaveURL(new RegExp(`/portal/meedoen/${surveyId}$`));
  await page.getByRole('button', { name: 'Beginnen' }).click();

  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Er zijn 2 vragen die u nog moet aanpassen:')).toBeVisible();
  await expect(page.getByRole('group', { name: /Wat is uw leeftijd\?/ }).getByRole('radio').first()).toBeFocused();
  await axeClean(page);
  await page.getByRole('radio', { name: '18 t/m 34 jaar' }).check();
  await page.getByLabel(/In welke wijk woont u\?/).selectOption({ label: 'Noord' });
  await page.getByRole('button', { name: 'Volgende' }).click();
  await page.getByRole('group', { name: 'Straatverlichting' }).getByRole('radio', { name: '2' }).check();
  await page.getByLabel(/Welk rapportcijfer/).fill('6');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Pagina 3 van 3')).toBeVisible();

  // Stop, and come back later with the code.
  await page.goto('/portal/meedoen');
  await page.getByLabel('Uw code').fill(code!);
  await page.getByRole('button', { name: 'Verder' }).click();
  await expect(page.getByText('Pagina 3 van 3')).toBeVisible();

  // The condition works while answering: no page load in between.
  const kanaal = page.getByRole('group', { name: /Hoe had u contact met de gemeente\?/ });
  const contact = page.getByRole('group', { name: /contact gehad/ });
  await expect(kanaal).toBeHidden();
  const url = page.url();
  await contact.getByRole('radio', { name: 'Ja' }).check();
  await expect(kanaal).toBeVisible();
  await contact.getByRole('radio', { name: 'Nee' }).check();
  await expect(kanaal).toBeHidden();
  await contact.getByRole('radio', { name: 'Ja' }).check();
  await kanaal.getByRole('checkbox', { name: 'Telefonisch' }).check();
  expect(page.url()).toBe(url);
  await page.getByRole('group', { name: /Hoe tevreden bent u over de dienstverlening/ }).getByRole('radio', { name: 'Neutraal' }).check();
  await axeClean(page);
  await page.getByRole('button', { name: 'Versturen' }).click();
  await expect(page.getByRole('heading', { name: 'Bedankt!' })).toBeVisible();
  await axeClean(page);

  // The same code again.
  await page.goto(`/portal/meedoen/${surveyId}?code=${code}`);
  await expect(page.getByRole('alert')).toContainText('Met deze code kunt u niet (meer) meedoen.');
  await axeClean(page);

  // No upload: the batched rebuild puts the response in the cube, the public report's counter follows.
  // A completion shortly after another one (the spec before this) waits out that round's cool-down.
  await expect.poll(() => publicCounter(page), { timeout: 60_000 + REBUILD_COOL_DOWN.maxSeconds * 1000, intervals: [500, 1000, 2000] }).toBe(before + 1);
});
