import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@libsql/client';
import { expect, test, type Page } from '@playwright/test';
import { login } from './support';

const port = Number(process.env.E2E_PORT ?? 4390);
// The Playwright web server's fresh data directory (playwright.config.ts).
const db = createClient({ url: `file:.tmp/e2e-${port}/portal.db` });

test.afterAll(() => db.close());

test('navigation differs per group: the Beheerder has the side navigation, the Gebruiker not', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  await expect(nav).toBeVisible();
  // Items of screens that are not built yet are left out (tests/e2e/crawl.spec.ts follows every link).
  for (const item of ['Overzicht', 'Projecten', 'Onderzoeken', 'Rapportages'])
    await expect(nav.getByRole('link', { name: item })).toBeVisible();
  // The Beheerder finds Projecten and Rapportages in the side navigation, not in the top bar.
  await expect(page.getByRole('navigation', { name: 'Snelkoppelingen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Navigatiemenu openen of sluiten' })).toBeVisible();
  await page.getByLabel('Gebruikersmenu').click();
  await expect(page.getByRole('link', { name: 'Mijn profiel' })).toHaveAttribute('href', '/portal/manage/user/2');
  await expect(page.getByRole('link', { name: 'Mijn organisatie' })).toHaveAttribute('href', '/portal/manage/company/1');
  await expect(page.getByRole('link', { name: 'Admin panel' })).toHaveCount(0);
  await expect(page.getByTestId('release-notes')).toBeVisible();

  // The rail: collapsing hides the labels and is remembered across pages.
  await page.keyboard.press('Escape');
  await nav.getByRole('button', { name: 'Navigatiemenu inklappen' }).click();
  await expect(nav.getByText('Projecten')).toBeHidden();
  await nav.getByRole('link', { name: 'Projecten' }).click();
  await expect(page).toHaveURL(/\/portal\/project\/overview$/);
  await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByText('Projecten')).toBeHidden();

  await page.context().clearCookies();
  await login(page, 'gebruiker@demo.impulz.nl');
  await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Navigatiemenu openen of sluiten' })).toHaveCount(0);
  // Top-bar buttons by role (spec 000 §2.12): the Gebruiker's way to projects and reports.
  const buttons = page.getByRole('navigation', { name: 'Snelkoppelingen' });
  await expect(buttons.getByRole('link', { name: 'Projecten' })).toHaveAttribute('href', '/portal/project/overview');
  await expect(buttons.getByRole('link', { name: 'Rapportages' })).toHaveAttribute('href', '/portal/report/overview');
  await expect(page.getByTestId('release-notes')).toHaveCount(0);
  await page.getByLabel('Gebruikersmenu').click();
  await expect(page.getByRole('link', { name: 'Mijn organisatie' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Release notes' }).click();
  await expect(page.getByRole('dialog', { name: 'Release notes' })).toContainText('markdown-editor');
});

test('the page guard: roles, login page and unknown pages', async ({ page }) => {
  const anonymous = await page.goto('/portal/project/overview');
  expect(anonymous?.url()).toMatch(/\/portal\/login$/);
  await login(page, 'gebruiker@demo.impulz.nl');
  // A screen the roles don't open says so (status 403), at the same URL.
  const denied = await page.goto('/portal/project/new');
  expect(denied?.status()).toBe(403);
  await expect(page).toHaveURL(/\/portal\/project\/new$/);
  await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
  await expect(page.getByText('U heeft geen toegang tot deze pagina.')).toBeVisible();
  await page.goto('/portal/login');
  await expect(page).toHaveURL(/\/portal\/$/);
  const missing = await page.goto('/portal/deze/pagina/bestaat/niet');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - Pagina kon niet gevonden worden' })).toBeVisible();
  await expect(page.getByText('Oeps, de pagina kon niet gevonden worden.')).toBeVisible();
  await page.getByRole('link', { name: 'Klik hier om terug te keren naar de voorpagina.' }).click();
  await expect(page).toHaveURL(/\/portal\/$/);
});

test('the help popover sends a project question that lands in the outbox and closes', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  await page.getByRole('button', { name: 'Help' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hulp nodig?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Vraag over een project')).toBeChecked();
  await dialog.getByRole('button', { name: 'Versturen' }).click();
  await expect(dialog.getByText('Dit veld mag niet leeg zijn').first()).toBeVisible();
  await dialog.getByLabel('Project', { exact: true }).selectOption({ label: 'Omgevingsvisie participatie' });
  await expect(dialog.getByRole('link', { name: 'Naar de berichten van dit project' })).toHaveAttribute('href', '/portal/project/5/messages');
  const question = `Kunnen we de planning delen? ${Date.now()}`;
  await dialog.getByLabel('Uw vraag').fill(question);
  await dialog.getByRole('button', { name: 'Versturen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Uw vraag is verstuurd naar de helpdesk' })).toBeVisible();
  await expect(dialog).toBeHidden();

  const mail = await db.execute({ sql: 'select "to", subject, text from mail_outbox where text like ? order by id desc limit 1', args: [`%${question}%`] });
  expect(mail.rows[0]).toMatchObject({ to: 'helpdesk@impulz.nl' });
  expect(String(mail.rows[0]?.subject)).toContain('Omgevingsvisie participatie');
});

test('FAQ topics follow the first path segment', async ({ page }) => {
  await login(page, 'gebruiker@demo.impulz.nl');
  await page.getByRole('button', { name: 'Veelgestelde vragen' }).click();
  const faq = page.getByRole('dialog', { name: 'Veelgestelde vragen' });
  const topics = faq.getByTestId('faq-topics').getByRole('heading');
  await expect(topics).toHaveText(['Resultaten', 'Filters', 'PDF', 'Inloggen', 'Ontwikkeling van ImpulZ', 'Privacy', 'Licentie']);
  await faq.getByText('Hoe lang loopt onze licentie?').click();
  await expect(faq.getByText('jaarlijks verlengd')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/portal/report/overview');
  await page.getByRole('button', { name: 'Veelgestelde vragen' }).click();
  await expect(page.getByRole('dialog', { name: 'Veelgestelde vragen' }).getByTestId('faq-topics').getByRole('heading')).toHaveText([
    'Filters',
    'PDF',
    'Resultaten',
    'Ontwikkeling van ImpulZ',
  ]);
  await expect(page.getByRole('dialog', { name: 'Veelgestelde vragen' })).toContainText('groepen die groot genoeg zijn: meestal vanaf 10 deelnemers, nooit minder dan 5');
});

test('the rating dialog appears when feedback is requested, validates, sends and stays away', async ({ page }) => {
  // A user no other e2e file changes (accounts.spec.ts changes the De Linde user's password).
  await db.execute({ sql: 'update users set request_feedback_after = ?, feedback_dont_ask = 0 where email = ?', args: [Date.now() - 60_000, 'beheerder@noordbroek.demo.impulz.nl'] });
  await login(page, 'beheerder@noordbroek.demo.impulz.nl');
  const dialog = page.getByRole('dialog', { name: 'Hoe beoordeelt u ImpulZ?' });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole('button', { name: 'Vraag later opnieuw' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Vraag mij niet opnieuw' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Versturen' }).click();
  await expect(dialog.getByText('Vul eerst een rating in')).toBeVisible();
  await dialog.getByLabel('3,5 van 5 sterren').check({ force: true });
  await dialog.getByLabel('Toelichting (optioneel)').fill('Overzichtelijk, de filters mogen sneller.');
  await dialog.getByLabel('Ik geef toestemming voor contact ter verheldering').check();
  await dialog.getByRole('button', { name: 'Versturen' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Bedankt voor uw beoordeling' })).toBeVisible();

  const rows = await db.execute("select rating, contact_allowed from feedback_ratings r join users u on u.id = r.user_id where u.email = 'beheerder@noordbroek.demo.impulz.nl'");
  expect(rows.rows[0]).toMatchObject({ rating: 3.5, contact_allowed: 1 });
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await page.waitForTimeout(1500);
  await expect(dialog).toHaveCount(0);
});

test('the shell works with the keyboard alone', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  await page.goto('/portal/project/overview');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Direct naar de inhoud' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);

  await page.getByRole('link', { name: 'ImpulZ', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Veelgestelde vragen' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Help' })).toBeFocused();
  await page.keyboard.press('Enter');
  const help = page.getByRole('dialog', { name: 'Hulp nodig?' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.getByLabel('Gebruikersmenu').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Mijn profiel' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Mijn profiel' })).toBeHidden();
  await expect(page.getByLabel('Gebruikersmenu')).toBeFocused();

  // Search and the table switch of the overview.
  await page.getByPlaceholder('Zoek project...').focus();
  await page.keyboard.type('jongeren');
  await expect(page.getByTestId('overview').getByRole('heading')).toHaveText(['Jongerenmonitor 2025']);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table')).toBeVisible();
});

test('the project overview: my projects, search on title and client, table with paging', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  await page.goto('/portal/project/overview');
  const overview = page.getByTestId('overview');
  // A company admin's projects are the organisation's (the sub-project sits under its parent), the same as on the front page.
  // Other spec files of the run add and touch projects (the newest first): compare the demo's as a set.
  await expect(overview.getByRole('heading', { name: 'Burgerpeiling Zuiderhaven 2026' })).toBeVisible();
  const demo = (await overview.getByRole('heading').allTextContents()).filter((t) => !t.startsWith('E2E ')).sort();
  expect(demo).toEqual(['Burgerpeiling Zuiderhaven 2026', 'Jongerenmonitor 2025', 'Klanttevredenheid Wmo 2026', 'Omgevingsvisie participatie']);
  // 'Toon alle projecten' is for root users only: for everyone else it would show the same list.
  await expect(page.getByRole('switch', { name: 'Toon alle projecten' })).toHaveCount(0);
  await expect(overview.getByRole('link', { name: 'Jongerenmonitor 2025' })).toHaveAttribute('href', '/portal/project/3');
  await page.getByPlaceholder('Zoek project...').fill('sociaal WMO');
  await expect(overview.getByRole('heading')).toHaveText(['Klanttevredenheid Wmo 2026']);
  await page.getByPlaceholder('Zoek project...').fill('niets zoals dit');
  await expect(overview.getByText('Geen projecten gevonden')).toBeVisible();
  await page.getByPlaceholder('Zoek project...').fill('');
  await overview.getByRole('button', { name: 'Toon Beheerders' }).first().click();
  await expect(page.getByRole('dialog', { name: /Beheerders van/ })).toContainText('Bram Jansen');
  await page.keyboard.press('Escape');
  await overview.getByRole('radio', { name: 'Tabel' }).click();
  await expect(overview.getByText('Rijen per pagina')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('overview').getByRole('table')).toBeVisible();
});

test('no serious or critical accessibility violations on the front page and an overview', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  for (const path of ['/portal/', '/portal/project/overview']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), path).toEqual([]);
  }
});

test('embedded mode shows only the help button and the view; the mobile drawer opens and closes', async ({ page }) => {
  await login(page, 'beheerder@demo.impulz.nl');
  await page.goto('/portal/project/overview?embedded=1');
  await expect(page.getByRole('button', { name: 'Help' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' })).toHaveCount(0);
  await expect(page.getByLabel('Gebruikersmenu')).toHaveCount(0);
  await expect(page.getByTestId('footer')).toHaveCount(0);
  await expect(page.getByTestId('overview')).toBeVisible();

  await page.setViewportSize({ width: 420, height: 800 });
  await page.goto('/portal/');
  const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Navigatiemenu openen of sluiten' }).click();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Overzicht' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
});
