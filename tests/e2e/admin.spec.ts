import { expect, test, type Page } from '@playwright/test';
import { apiCall, axeClean, e2eClient, login, loginAdmin, shot } from './support';

const client = e2eClient();
test.afterAll(() => client.close());

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a user asks for access; an admin restores a deleted report with its sections and grants the request', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, 'gebruiker@demo.impulz.nl');
  await page.goto('/portal/admin/overview');
  await expect(page.getByTestId('forbidden')).toBeVisible();
  await page.getByLabel('Waarom heeft u toegang nodig? (optioneel)').fill('Ik vervang de beheerder tijdens de vakantie.');
  await page.getByRole('button', { name: 'Toegang aanvragen' }).click();
  await expect(page.getByTestId('forbidden').getByRole('status')).toHaveText('Uw aanvraag is verstuurd naar de beheerders van uw organisatie.');
  await shot(page, 'admin-403-requested');
  await page.context().clearCookies();

  await loginAdmin(page, client);
  await page.goto('/portal/');
  const copy = await apiCall<{ data: { id: number; title: string } }>(page, 'POST', '/report/1/copy');
  const report = copy.json.data;
  const sections = await apiCall<{ data: { sections: { title: string }[] } }>(page, 'GET', `/report/${report.id}?include=sections`);
  expect((await apiCall(page, 'DELETE', `/report/${report.id}`)).status).toBe(200);

  await page.goto('/portal/admin/overview');
  await expect(page.getByRole('heading', { name: 'Admin panel', level: 1 })).toBeVisible();
  await expect(page.getByText('Ik vervang de beheerder tijdens de vakantie.')).toBeVisible();
  await page.getByRole('tab', { name: /Rapportages \(1\)/ }).click();
  const row = page.getByRole('tabpanel').getByRole('row', { name: new RegExp(escape(report.title)) });
  await expect(row).toContainText('secties');
  await axeClean(page, 'overview');
  await shot(page, 'admin-overview');
  await row.getByRole('button', { name: /Herstellen/ }).click();
  await expect(page.getByText('Hersteld: 1 rapportage.')).toBeVisible();
  // The tab counts what is left.
  await expect(page.getByRole('tab', { name: /Rapportages \(0\)/ })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('row', { name: new RegExp(escape(report.title)) })).toHaveCount(0);

  await page.goto(`/portal/report/${report.id}`);
  const first = sections.json.data.sections?.[0]?.title;
  if (first) await expect(page.getByRole('heading', { name: first }).first()).toBeVisible();
  else await expect(page.locator('#main')).toContainText(report.title);

  await page.goto('/portal/admin/overview');
  const request = page.getByRole('listitem').filter({ hasText: 'Carla Bakker' });
  await request.getByRole('button', { name: 'Afwijzen' }).click();
  await expect(request).toContainText('Afgewezen');
  await expect(request.getByRole('button')).toHaveCount(0);

  for (const path of ['/portal/admin/loose-ends', '/portal/admin/new-reports', '/portal/admin/files']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await axeClean(page, path);
    await shot(page, path.replace(/\W+/g, '_'));
  }
  await page.goto('/portal/admin/new-reports');
  await page.getByRole('button', { name: 'Controle uitvoeren' }).click();
  await expect(page.getByText(/\d+ rapportages?, .* gecontroleerd/)).toBeVisible();
});
