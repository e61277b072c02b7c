import { expect, test, type Page } from '@playwright/test';
import { deLindeResponsesCsv, DE_LINDE_SURVEY_TITLE } from '../../scripts/seed/zkn-survey';
import { DEMO_PROVIDERS } from '../../scripts/seed/zkn';
import { axeClean, login, shot } from './support';

const ZKN_USER = 'gebruiker@delinde.demo.impulz.nl';

test('a Zorgkaart user runs a rating job from a CSV and reads the ranking', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, ZKN_USER);
  // A Gebruiker has no side navigation: the top bar leads to the module.
  await page.getByRole('banner').getByRole('link', { name: 'Zorgkaart Nederland' }).click();
  await expect(page.getByRole('heading', { name: 'Zorgkaart Nederland', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zorgkaart-beoordelingen afgelopen jaar' })).toBeVisible();
  await axeClean(page, 'ratings');
  await shot(page, 'zkn-ratings');


  // A malformed line is refused with its number; then a good file.
  await page.getByLabel('Naam van de ronde').fill('Eerste kwartaal');
  await page.getByLabel('Minimum aantal beoordelingen per zorgaanbieder').fill('3');
  const bad = 'agb_code;datum;cijfer;aanbevelen\n01034567;2026-01-05;8;ja\n01034567;2026-01-06;twaalf;ja\n';
  await page.getByLabel('Beoordelingen (CSV)').setInputFiles({ name: 'kwartaal.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await page.getByRole('button', { name: 'Inlezen en rangschikken' }).click();
  await expect(page.locator('#main').getByText("Regel 3: het cijfer 'twaalf' is geen heel getal van 1 tot en met 10.")).toBeVisible();

  const lines = ['agb_code;datum;cijfer;afspraak;bejegening;luisteren;informatie;behandeling;aanbevelen'];
  for (const s of [8, 9, 10]) lines.push(`01034567;2026-01-0${s - 6};${s};${s};${s};;;;ja`);
  for (let i = 1; i <= 6; i++) lines.push(`01034568;2026-02-0${i};7;7;7;7;7;7;nee`);
  lines.push('01034569;2026-03-01;10;;;;;;ja');
  await page.getByLabel('Beoordelingen (CSV)').setInputFiles({ name: 'kwartaal.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await page.getByRole('button', { name: 'Inlezen en rangschikken' }).click();
  const row = page.getByRole('row', { name: /Eerste kwartaal/ });
  await expect(row).toContainText('Gereed', { timeout: 30_000 });

  await row.getByRole('link', { name: 'Eerste kwartaal' }).click();
  await expect(page.getByRole('heading', { name: 'Eerste kwartaal', level: 1 })).toBeVisible();
  const huisartsen = page.getByRole('region', { name: /^Huisartsenpraktijk/ });
  // Hand-computed: A = (3·69/9 + 27)/6 = 8,33 first, B = 65/9 = 7,22 second; C has one rating.
  const first = huisartsen.getByRole('row').nth(1);
  await expect(first).toContainText('Huisartsenpraktijk De Linde Centrum');
  await expect(first).toContainText('8,33');
  await expect(first).toContainText('6,5 – 10,0');
  await expect(huisartsen.getByRole('row').nth(2)).toContainText('7,22');
  await expect(huisartsen.getByRole('row', { name: /Gezondheidscentrum Vathorst/ })).toContainText('te weinig beoordelingen');
  await axeClean(page, 'ranking');
  await shot(page, 'zkn-ranking');

  await first.getByRole('button', { name: /Details/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Huisartsenpraktijk De Linde Centrum' });
  await expect(dialog).toContainText('100%');
  await expect(dialog.getByRole('row', { name: /Luisteren/ })).toContainText('te weinig beoordelingen');
  await axeClean(page, 'detail');
  await page.screenshot({ path: '.tmp/shots/zkn-detail-1280.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toBe('zorgkaart-eerste-kwartaal.csv');

  await page.goto('/portal/ZorgkaartNederland/companies');
  await page.getByLabel('AGB-code').fill('123');
  await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
  await expect(page.locator('#main').getByText('De AGB-code bestaat uit precies 8 cijfers.')).toBeVisible();
  await page.getByLabel('AGB-code').fill('');
  await page.getByLabel('Type').selectOption('thuiszorg');
  await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
  await expect(page.locator('#main').getByText('3 zorgaanbieders', { exact: true })).toBeVisible();
  await axeClean(page, 'companies');
  await shot(page, 'zkn-companies');
});

/** The ratings the seeded survey gives at min_n 10: completed, a known AGB code (leading zeros restored), providers with 10 or more. */
function expectedSurveyRatings(): number {
  const lines = deLindeResponsesCsv(new Date()).trim().split('\r\n').slice(1).map((l) => l.split(','));
  const known = new Set<string>(DEMO_PROVIDERS.map((p) => p[0]));
  const per = new Map<string, number>();
  for (const [, submitted, , , , agb, , cijfer] of lines) {
    const code = agb!.padStart(8, '0');
    if (submitted && cijfer && known.has(code)) per.set(code, (per.get(code) ?? 0) + 1);
  }
  return [...per.values()].filter((n) => n >= 10).reduce((a, b) => a + b, 0);
}

test('a Zorgkaart user makes a rating job from De Linde’s client survey, mapping its questions', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, ZKN_USER);
  await page.goto('/portal/ZorgkaartNederland/ratings');
  // The button waits for the form to come alive; typing before that would be lost.
  await expect(page.getByRole('button', { name: 'Inlezen en rangschikken' })).toBeEnabled();
  await page.getByLabel('Naam van de ronde').fill('Cliëntervaring afgelopen halfjaar');
  await page.getByRole('radio', { name: 'Enquête' }).check();
  await expect(page.getByLabel('Beoordelingen (CSV)')).toBeHidden();
  await page.getByRole('combobox', { name: /^Enquête met de beoordelingen/ }).selectOption({ label: DE_LINDE_SURVEY_TITLE });

  // The mapping is suggested from the question codes; the date stays the user's choice (default: submit date).
  const field = (name: RegExp) => page.getByRole('group', { name: 'Welke vraag hoort bij welk veld?' }).getByRole('combobox', { name });
  await expect(page.getByText('Vooraf ingevuld op grond van de vraagcodes: controleer de keuzes.')).toBeVisible();
  await expect(field(/^AGB-code/)).toHaveValue('AGB');
  await expect(field(/^Cijfer/)).toHaveValue('cijfer');
  for (const aspect of ['afspraak', 'bejegening', 'luisteren', 'informatie', 'behandeling']) {
    await expect(field(new RegExp(`^${aspect}`, 'i'))).toHaveValue(`aspecten_${aspect}`);
  }
  await expect(field(/^Aanbevelen/)).toHaveValue('aanbevelen');
  await expect(field(/^Datum/)).toHaveValue('');
  // Only questions that fit a field are offered: the date field lists the one date question.
  await expect(field(/^Datum/).getByRole('option')).toHaveText(['Datum van insturen', /^bezoek — Wanneer had u/]);
  await axeClean(page, 'rating job from a survey, mapping suggested');
  await shot(page, 'zkn-survey-mapping');

  // A required field left open is named at the field.
  await field(/^Cijfer/).selectOption('');
  await page.getByRole('button', { name: 'Inlezen en rangschikken' }).click();
  await expect(page.getByText('Kies de vraag met het cijfer.')).toBeVisible();
  await expect(field(/^Cijfer/)).toHaveAttribute('aria-invalid', 'true');
  await axeClean(page, 'rating job from a survey, field missing');
  await shot(page, 'zkn-survey-mapping-error');

  await field(/^Cijfer/).selectOption('cijfer');
  await field(/^Datum/).selectOption('bezoek');
  await axeClean(page, 'rating job from a survey, filled');
  await page.getByRole('button', { name: 'Inlezen en rangschikken' }).click();
  const row = page.getByRole('row', { name: /Cliëntervaring afgelopen halfjaar/ });
  await expect(row).toContainText('Gereed', { timeout: 30_000 });
  await expect(row).toContainText(`Enquête: ${DE_LINDE_SURVEY_TITLE}`);
  await expect(row.getByRole('cell').nth(3)).toHaveText(String(expectedSurveyRatings()));

  await row.getByRole('link', { name: 'Cliëntervaring afgelopen halfjaar' }).click();
  await expect(page.getByRole('heading', { name: 'Cliëntervaring afgelopen halfjaar', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /Verpleeghuis/ }).getByRole('row', { name: /Zorgcentrum De Wingerd/ })).toContainText('te weinig beoordelingen');
  await expect(page.getByRole('region', { name: /^Huisartsenpraktijk/ }).getByRole('row').nth(1)).toContainText(/Huisarts|Gezondheidscentrum/);
  await axeClean(page, 'ranking from a survey');
  await shot(page, 'zkn-survey-ranking');
});

test('an organisation without a fitting survey is told so on the form', async ({ page }) => {
  await login(page, 'beheerder@noordbroek.demo.impulz.nl');
  await page.goto('/portal/ZorgkaartNederland/ratings');
  await expect(page.getByRole('button', { name: 'Inlezen en rangschikken' })).toBeEnabled();
  await page.getByRole('radio', { name: 'Enquête' }).check();
  await expect(page.getByText('Uw organisatie heeft nog geen enquêtes met vragen die bij de beoordelingsvelden passen.')).toBeVisible();
  await axeClean(page, 'rating job from a survey, no survey');
});
