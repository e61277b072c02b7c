import { expect, test } from '@playwright/test';
import { colorsArchive } from '../helpers/limesurvey-archive';
import { axeClean, e2eClient, login, shot } from './support';

/**
 * A Beheerder imports a LimeSurvey archive whose participants file has one participant without a
 * token: the import screen says that participant got a new code. The archive has no responses,
 * so no cube is stored; the survey is removed again afterwards (its rows cascade).
 */
const client = e2eClient();
test.afterAll(() => client.close());

test('an archive import says how many participants without a code got a new one', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  await page.goto('/portal/survey/import');
  await page.getByLabel(/^Bestand \(.lss of .lsa/).setInputFiles({ name: 'survey_archive_841748.lsa', mimeType: 'application/zip', buffer: Buffer.from(colorsArchive({ responses: null, tokens: 3 })) });
  await page.getByRole('button', { name: 'Importeren', exact: true }).click();
  // The demo organisation may hold this structure already (another spec, or an earlier run): then it asks first.
  const anyway = page.getByRole('button', { name: 'Toch importeren' });
  const done = page.getByText(/^Archief ingelezen:/);
  await expect(anyway.or(done)).toBeVisible({ timeout: 30_000 });
  if (await anyway.isVisible()) await anyway.click();
  await expect(done).toHaveText('Archief ingelezen: 0 responsen, 3 tokens. 1 deelnemer zonder code kreeg een nieuwe code.', { timeout: 30_000 });
  await axeClean(page, 'survey import, archive done');
  await shot(page, 'survey-import-archive-new-codes');

  const href = await page.getByRole('link', { name: 'Onderzoek openen' }).getAttribute('href');
  const surveyId = Number(/\/survey\/(\d+)\/edit/.exec(href ?? '')?.[1]);
  expect(surveyId).toBeGreaterThan(0);
  const { rows } = await client.execute({ sql: 'select token, import_key, email from survey_tokens where survey_id = ? order by id', args: [surveyId] });
  expect(rows.map((r) => r.import_key)).toEqual([null, null, 'tid:3']);
  expect(String(rows[2]!.email)).toBe('p3@example.org');
  expect(String(rows[2]!.token)).toMatch(/^[A-Za-z0-9]{13,35}$/);
  // Outside a transaction, where the pragma takes effect: every table under surveys cascades.
  await client.execute('pragma foreign_keys = on');
  await client.execute({ sql: 'delete from surveys where id = ?', args: [surveyId] });
  expect((await client.execute({ sql: 'select count(*) as n from survey_tokens where survey_id = ?', args: [surveyId] })).rows[0]!.n).toBe(0);
});
