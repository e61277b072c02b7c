import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { axeClean, e2eClient, login, loginAdmin, shot } from './support';

const client = e2eClient();
test.afterAll(() => client.close());

test('a Beheerder reads their organisation\'s trail; the admin filters the audit trail to one user and exports it', async ({ page }) => {
  test.setTimeout(90_000);
  // The Beheerder's login is itself a row of the trail.
  await login(page, 'beheerder@demo.impulz.nl');
  const { rows } = await client.execute({ sql: 'select id, fullname from users where email = ?', args: ['beheerder@demo.impulz.nl'] });
  const beheerder = { id: Number(rows[0]!.id), name: String(rows[0]!.fullname) };
  await page.goto('/portal/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audittrail', level: 1 })).toBeVisible();
  await expect(page.getByText('U ziet de regels van uw eigen organisatie.')).toBeVisible();
  await expect(page.locator('tbody tr[data-action="auth.login"]').first()).toBeVisible();
  await axeClean(page, 'audit trail (Beheerder)');
  await shot(page, 'admin-audit-beheerder');
  await page.context().clearCookies();

  await loginAdmin(page, client);
  await page.goto('/portal/admin/audit');
  await expect(page.getByText('U ziet de regels van de hele installatie.')).toBeVisible();
  await page.getByLabel('Gebruiker', { exact: true }).selectOption(String(beheerder.id));
  await page.getByRole('button', { name: 'Filteren' }).click();
  const body = page.locator('tbody');
  // Until the filtered page has arrived the table still holds everyone's rows.
  const onlyBeheerder = async () => {
    const names = await body.locator('tr td:nth-child(2)').allInnerTexts();
    return names.length > 0 && names.every((n) => n.startsWith(beheerder.name));
  };
  await expect.poll(onlyBeheerder).toBe(true);
  await page.getByLabel('Actie', { exact: true }).focus();
  await page.keyboard.press('Tab');
  await axeClean(page, 'audit trail (admin, filtered)');
  await shot(page, 'admin-audit-filtered');

  // The organisation's retention periods sit on its 'Algemeen' tab (only looked at: other specs use the demo organisation).
  await page.goto('/portal/manage/company/1/base');
  await expect(page.getByRole('heading', { name: 'Bewaartermijnen' })).toBeVisible();
  await expect(page.getByLabel(/Naam, e-mailadres en kenmerken van deelnemers bewaren/)).toHaveValue(/^\d+$/);
  await axeClean(page, 'company retention');
  await shot(page, 'company-retention');
  // Each participant row offers the right-of-access file and erasure (only looked at: demo rows stay).
  await page.goto('/portal/survey/1/edit/tokens');
  await expect(page.getByRole('link', { name: /^Alle gegevens van .* downloaden/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Persoonsgegevens van .* wissen$/ }).first()).toBeVisible();
  await axeClean(page, 'tokens with privacy actions');
  await shot(page, 'survey-tokens-privacy');
  await page.goto('/portal/admin/audit');
  await page.getByLabel('Gebruiker', { exact: true }).selectOption(String(beheerder.id));
  await page.getByRole('button', { name: 'Filteren' }).click();
  await expect.poll(onlyBeheerder).toBe(true);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporteren (CSV)' }).click();
  const file = await (await download).path();
  const lines = readFileSync(file!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('id,tijdstip (UTC),gebruiker_id,gebruiker,e-mail,token_id,ip,actie,item,item_id,resultaat,omschrijving');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.split(',')[2] === String(beheerder.id))).toBe(true);
  expect(lines.some((l) => l.includes(',auth.login,'))).toBe(true);
});
