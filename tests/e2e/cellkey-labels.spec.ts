import { expect, test } from '@playwright/test';
import { axeClean, login, shot } from './support';

/**
 * Issue 32 item 7, honest labelling: the demo's cell-key report (report 4, '… – licht afgerond')
 * in the staff view writes counts as 'ca. 123' and its data table ('Tabel tonen') carries the note
 * 'Aantallen zijn licht afgerond …' in its caption; the exact report 1 shows neither. Reads only.
 */
const NOTE = 'Aantallen zijn licht afgerond om privacy te beschermen; totalen kunnen iets afwijken.';

test('cell-key report: counts read ca. and the data table says why; the exact report does not', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  await page.goto('/portal/report/4');
  await expect(page.getByTestId('protection-notice')).toBeVisible();
  // 'Contactkanalen' shows percentage and count: its table cells read '12% (ca. 123)'.
  const frame = page.locator('article[data-chart-id]').filter({ has: page.getByRole('heading', { name: 'Contactkanalen' }) });
  const host = frame.locator('[data-chart-host]');
  await host.getByRole('button', { name: 'Tabel tonen' }).click();
  const table = host.locator('table:not(.u-legend)');
  await expect(table.locator('caption')).toContainText(NOTE);
  await expect(table.locator('td').first()).toContainText('(ca. ');
  await axeClean(page, 'rapport 4 met tabel (celsleutel)');
  if (process.env.SHOTS) await shot(page, 'cellkey-staff-table');

  await page.goto('/portal/report/1');
  const exact = page.locator('article[data-chart-id]').filter({ has: page.getByRole('heading', { name: 'Contactkanalen' }) }).locator('[data-chart-host]');
  await exact.getByRole('button', { name: 'Tabel tonen' }).click();
  const exactTable = exact.locator('table:not(.u-legend)');
  await expect(exactTable.locator('td').first()).toContainText('(');
  await expect(exactTable.locator('td').first()).not.toContainText('ca.');
  await expect(exactTable.getByText(NOTE)).toHaveCount(0);
});
