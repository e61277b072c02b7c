import { expect, test, type Page } from '@playwright/test';
import { login } from './support';


test('the Beheerder opens the burgerpeiling, generates tokens and uploads responses with a report', async ({ page }) => {
  // Two jobs (tokens, import) and three pages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  await login(page);
  await page.goto('/portal/survey/overview');
  await expect(page.getByRole('heading', { name: 'Onderzoeken' })).toBeVisible();
  await expect(page.getByText('Burgerpeiling Zuiderhaven (474747)')).toBeVisible();
  const ids = await page.evaluate(async () => (await (await fetch('/portal/api/v2/survey/index-items')).json()) as { data: { id: number; displayTitle: string }[] });
  const id = ids.data.find((s) => s.displayTitle.startsWith('Burgerpeiling Zuiderhaven'))!.id;

  await page.goto(`/portal/survey/${id}/edit/generate`);
  await page.getByLabel('Aantal tokens').fill('1000001');
  await page.getByRole('button', { name: 'Genereren' }).click();
  // The message shows at the field and, per the error catalogue, also as an alert.
  await expect(page.locator('#main').getByText('Maximaal 1.000.000 tokens')).toBeVisible();
  await page.getByLabel('Aantal tokens').fill('250');
  await page.getByRole('button', { name: 'Genereren' }).click();
  await expect(page.locator('#main').getByText('250 tokens aangemaakt.')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#main').getByText('Voortgang: 100%')).toBeVisible();

  await page.goto(`/portal/survey/${id}/edit/response`);
  const csv = 'id,submitdate,leeftijd,wijk,rapportcijfer\n900001,2026-01-05 10:00:00,A1,W2,8\n900002,2026-01-05 11:00:00,A9,W2,7\n';
  await page.getByLabel(/Responsbestand/).setInputFiles({ name: 'extra.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Uploaden' }).click();
  await expect(page.locator('#main').getByText('2 regels: 1 geaccepteerd (1 nieuw, 0 al aanwezig), 1 afgewezen.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'Afgewezen regels' })).toContainText("Waarde 'A9' in kolom leeftijd is geen antwoordcode van deze vraag.");
});
