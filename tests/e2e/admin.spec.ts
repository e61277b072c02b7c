import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@libsql/client';
import { expect, test, type Page } from '@playwright/test';
import { createSession } from '../../src/server/auth/sessions';
import { createDb } from '../../src/server/db/client';
import { apiCall, login } from './support';

const port = Number(process.env.E2E_PORT ?? 4390);
// The Playwright web server's fresh data directory (playwright.config.ts).
const client = createClient({ url: `file:.tmp/e2e-${port}/portal.db` });
test.afterAll(() => client.close());

/** The root admin without a TOTP code (a code can't be used twice in its window; other specs log in too). */
async function loginAdmin(page: Page) {
  const { token } = await createSession(createDb(client), 1, { ip: null, userAgent: null });
  await page.context().addCookies([{ name: 'impulz_session', value: token, domain: 'localhost', path: '/portal', httpOnly: true, secure: false, sameSite: 'Lax' }]);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Full-page screenshots at 1440 and 390 px for looking at the screen (.tmp/shots, not compared). */
async function shot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.tmp/shots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function axeClean(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
}

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

  await loginAdmin(page);
  await page.goto('/portal/');
  const copy = await apiCall<{ data: { id: number; title: string } }>(page, 'POST', '/report/1/copy');
  const report = copy.json.data;
  const sections = await apiCall<{ data: { sections: { title: string }[] } }>(page, 'GET', `/report/${report.id}?include=sections`);
  expect((await apiCall(page, 'DELETE', `/report/${report.id}`)).status).toBe(200);

  await page.goto('/portal/admin/overview');
  await expect(page.getByRole('heading', { name: 'Admin panel', level: 1 })).toBeVisible();
  await expect(page.getByText('Ik vervang de beheerder tijdens de vakantie.')).toBeVisible();
  await page.getByRole('tab', { name: /Rapportages \(1\)/ }).click();
  const row = page.getByRole('row', { name: new RegExp(escape(report.title)) });
  await expect(row).toContainText('secties');
  await axeClean(page, 'overview');
  await shot(page, 'admin-overview');
  await row.getByRole('button', { name: /Herstellen/ }).click();
  await expect(page.getByText('Hersteld: 1 rapportage.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(escape(report.title)) })).toHaveCount(0);

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
  await expect(page.getByText(/rapportage\(s\), .* gecontroleerd/)).toBeVisible();
});
