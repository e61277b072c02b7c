import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { Client } from '@libsql/client';
import { createDb } from '../../src/server/db/client';
import { axeClean, e2eClient, shot, signInAs } from './support';

// Issue 35 item 7, the list of smaller problems: each screen as the roles that see it, with
// screenshots at 1440 and 390 px (.tmp/shots) and axe. One browser context; the user is switched
// by replacing the session cookie (a session made straight in the e2e database).
test.describe.configure({ mode: 'serial' });

let client: Client;
let context: BrowserContext;
let page: Page;
const base = `http://localhost:${Number(process.env.E2E_PORT ?? 4390)}`;

const as = (email: string) => signInAs(context, createDb(client), base, email);

test.beforeAll(async ({ browser }) => {
  client = e2eClient();
  context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 720 } });
  page = await context.newPage();
});
test.afterAll(async () => {
  await context.close();
  client.close();
});

test('report overview: titles link to the report; a reader sees no empty Concept or Ter controle tab', async () => {
  await as('beheerder@demo.impulz.nl');
  await page.goto('/portal/report/overview');
  const tabs = page.getByRole('navigation', { name: 'Rapportages per status' });
  await expect(tabs.getByRole('link', { name: 'Concept' })).toBeVisible();
  const title = page.getByTestId('overview').getByRole('link', { name: 'Burgerpeiling Zuiderhaven 2026', exact: true }).first();
  await expect(title).toHaveAttribute('href', '/portal/report/1');
  await shot(page, 'report-overview-beheerder');
  await axeClean(page, 'report overview (Beheerder)');

  await as('gebruiker@demo.impulz.nl');
  await page.goto('/portal/report/overview');
  await expect(tabs.getByRole('link', { name: 'Gepubliceerd' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Concept' })).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: 'Ter controle' })).toHaveCount(0);
  await expect(page.getByTestId('overview').getByRole('link', { name: 'Burgerpeiling Zuiderhaven 2026', exact: true }).first()).toHaveAttribute('href', '/portal/report/1');
  // One report found is one 'rapportage' (the live count for screen readers).
  await page.getByRole('searchbox').fill('gewogen');
  await expect(page.getByText('1 rapportage gevonden')).toHaveCount(1);
  await page.getByRole('searchbox').fill('');
  await shot(page, 'report-overview-gebruiker');
  await axeClean(page, 'report overview (Gebruiker)');
});

test('chart editor: the crumbs lead back to the report; no select starts on an empty "Geen"', async () => {
  await as('beheerder@demo.impulz.nl');
  const chart = await client.execute(
    `select c.id, c.section_id from report_charts c join report_sections s on s.id = c.section_id where s.report_id = 1 order by c.id limit 1`,
  );
  const { id, section_id } = chart.rows[0] as unknown as { id: number; section_id: number };
  for (const path of [`/portal/report/1/section/${section_id}/chart/${id}/edit/base`, `/portal/report/1/section/${section_id}/chart/new`]) {
    await page.goto(path);
    const crumbs = page.getByRole('navigation', { name: 'Kruimelpad' });
    await expect(crumbs.getByRole('link', { name: 'Burgerpeiling Zuiderhaven 2026' })).toHaveAttribute('href', '/portal/report/1/edit');
    await expect(page.getByLabel('Sortering')).toBeVisible();
    const chosen = await page.locator('form select').evaluateAll((selects) => selects.map((s) => (s as unknown as HTMLSelectElement).selectedOptions[0]?.textContent ?? ''));
    expect(chosen.length, path).toBeGreaterThan(5);
    expect(chosen.filter((text) => text === 'Geen' || text === ''), path).toEqual([]);
  }
  await shot(page, 'chart-new');
  await axeClean(page, 'new chart');
});

test('Zorgkaart: both upload forms explain their file and offer a sample file; the distribution has axis titles', async () => {
  await as('gebruiker@delinde.demo.impulz.nl');
  await page.goto('/portal/ZorgkaartNederland/ratings');
  const format = page.getByTestId('zkn-format-ratings');
  await expect(format).toContainText('JJJJ-MM-DD');
  await expect(page.getByText(/README/)).toHaveCount(0);
  const sample = format.getByRole('link', { name: /Voorbeeldbestand/ });
  const csv = await page.request.get(`${base}${await sample.getAttribute('href')}`);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split('\n')[0]).toBe('agb_code;datum;cijfer;afspraak;bejegening;luisteren;informatie;behandeling;aanbevelen');
  await shot(page, 'zkn-ratings-form');
  await axeClean(page, 'Zorgkaart ratings form');

  await page.goto('/portal/ZorgkaartNederland/companies');
  const providers = page.getByTestId('zkn-format-providers');
  await expect(providers.getByRole('link', { name: /Voorbeeldbestand/ })).toHaveAttribute('href', '/portal/voorbeelden/zorgkaart-zorgaanbieders.csv');
  await axeClean(page, 'Zorgkaart providers');

  // The seeded rating job's ranking page: uPlot draws the axis titles on its canvas
  // (tests/unit/chart-uplot.test.ts checks the options); the screenshot shows them.
  await page.goto('/portal/ZorgkaartNederland/ratings');
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.locator('.uplot canvas').first()).toBeVisible();
  await shot(page, 'zkn-ranking');
});

test('report editor at 390 px: the readers list does not widen the page', async () => {
  await as('beheerder@demo.impulz.nl');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/portal/report/1/edit/base');
  await expect(page.getByRole('group', { name: 'Lezers' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await shot(page, 'report-edit-base');
  await axeClean(page, 'report editor base');
});
