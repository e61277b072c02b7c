import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { Client } from '@libsql/client';
import { createDb } from '../../src/server/db/client';
import { apiCall, axeClean, confirmDialog, e2eClient, shot, signInAs } from './support';

// Issue 35 item 7: the indicator list's group filter, closing front-page notices, the empty
// state of a user without projects and the showcase video setting. One browser context; the user
// is switched by replacing the session cookie (a session made straight in the e2e database).
test.describe.configure({ mode: 'serial' });

let client: Client;
let context: BrowserContext;
let page: Page;
const base = `http://localhost:${Number(process.env.E2E_PORT ?? 4390)}`;

async function userId(email: string): Promise<number> {
  const row = await client.execute({ sql: 'select id from users where email = ?', args: [email] });
  return Number(row.rows[0]!.id);
}
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

test('indicator list: filter by question group, kept in the URL across reload and back', async () => {
  for (const email of ['beheerder@demo.impulz.nl', 'gebruiker@demo.impulz.nl']) {
    await as(email);
    await page.goto('/portal/project/1/notifications');
    const list = page.getByTestId('indicators');
    const all = await list.locator(':scope > li').count();
    expect(all).toBeGreaterThanOrEqual(5);
    const select = page.getByLabel('Groep');
    await expect(select.locator('option:checked')).toHaveText('Alle groepen');
    // The response counts have no question: 'Zonder vraag (aantal respondenten)'.
    await select.selectOption({ label: 'Zonder vraag (aantal respondenten)' });
    await page.getByRole('button', { name: 'Toon' }).click();
    await expect(page).toHaveURL(/[?&]group=none/);
    await expect(list.getByRole('heading', { name: 'Respons burgerpeiling' })).toBeVisible();
    await expect(list.getByRole('heading', { name: 'Schone straten (top-2)' })).toHaveCount(0);
    const some = await list.locator(':scope > li').count();
    await expect(page.getByRole('status').filter({ hasText: `${some} van ${all} indicatoren` })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Groep').locator('option:checked')).toHaveText('Zonder vraag (aantal respondenten)');
    await expect(list.locator(':scope > li')).toHaveCount(some);
    const name = email.startsWith('beheerder') ? 'beheerder' : 'gebruiker';
    await shot(page, `indicator-group-filter-${name}`);
    await axeClean(page, `indicator list with a group filter (${name})`);
    await page.goBack();
    await expect(page.getByLabel('Groep').locator('option:checked')).toHaveText('Alle groepen');
    await expect(list.locator(':scope > li')).toHaveCount(all);
  }
});

test('a front-page notice closes by keyboard, stays closed for that user only, and the page renders without JavaScript', async () => {
  const gebruiker = await userId('gebruiker@demo.impulz.nl');
  try {
    await as('gebruiker@demo.impulz.nl');
    // Without scripts the notice is there and its close button stays hidden (nothing that does nothing).
    const html = await (await page.request.get('/portal/')).text();
    expect(html).toContain("Indicator &#39;Respons burgerpeiling&#39; is bereikt");
    expect(html).toMatch(/<button type="button" hidden data-dismiss-notice/);

    await page.goto('/portal/');
    const notices = page.getByTestId('indicator-notices');
    const item = notices.getByRole('listitem').filter({ hasText: "Indicator 'Respons burgerpeiling' is bereikt" });
    await expect(item).toHaveCount(1);
    const close = item.getByRole('button', { name: 'Melding sluiten' });
    await expect(close).toBeVisible();
    await shot(page, 'frontpage-notices-gebruiker');
    await axeClean(page, 'front page with notices (Gebruiker)');
    await close.focus();
    await page.keyboard.press('Enter');
    await expect(item).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("Indicator 'Respons burgerpeiling' is bereikt")).toHaveCount(0);
    await axeClean(page, 'front page after closing the notice (Gebruiker)');

    // The Beheerder still has it: a dismissal is per user.
    await as('beheerder@demo.impulz.nl');
    await page.goto('/portal/');
    await expect(page.getByTestId('indicator-notices').getByText("Indicator 'Respons burgerpeiling' is bereikt")).toHaveCount(1);
    await shot(page, 'frontpage-notices-beheerder');
  } finally {
    await client.execute({ sql: 'delete from indicator_notice_dismissals where user_id = ?', args: [gebruiker] });
  }
});

test('a new user without projects gets an empty state that says what to do, on the front page and the project overview', async () => {
  const made: number[] = [];
  const emails = ['fp35-nieuw-gebruiker@demo.impulz.nl', 'fp35-nieuw-beheerder@demo.impulz.nl'];
  try {
    await as('beheerder@demo.impulz.nl');
    await page.goto('/portal/');
    for (const [i, email] of emails.entries()) {
      const res = await apiCall<{ data: { id: number } }>(page, 'POST', '/user', { fullname: i === 0 ? 'Nieuwe Gebruiker' : 'Nieuwe Beheerder', email, group_id: i === 0 ? 3 : 2 });
      expect(res.status).toBe(201);
      made.push(res.json.data.id);
      await client.execute({ sql: 'update users set must_change_password = 0 where id = ?', args: [res.json.data.id] });
    }

    // A Gebruiker: who can add them, and the request to the organisation's admins.
    await as(emails[0]!);
    await page.goto('/portal/');
    const empty = page.getByTestId('no-projects');
    await expect(empty.getByRole('heading', { name: 'U bent nog geen lid van een project' })).toBeVisible();
    await expect(empty).toContainText('Een beheerder van uw organisatie kan u aan een project toevoegen.');
    await shot(page, 'no-projects-frontpage-gebruiker');
    await axeClean(page, 'front page without projects (Gebruiker)');
    await page.goto('/portal/project/overview');
    await expect(empty.getByRole('heading', { name: 'U bent nog geen lid van een project' })).toBeVisible();
    await shot(page, 'no-projects-overview-gebruiker');
    await axeClean(page, 'project overview without projects (Gebruiker)');
    await empty.getByRole('button', { name: 'Toegang aanvragen' }).click();
    await expect(empty.getByRole('status')).toHaveText('Uw aanvraag is verstuurd naar de beheerders van uw organisatie.');

    // Someone who may create projects: a working link to 'Nieuw project'.
    await as(emails[1]!);
    await page.goto('/portal/');
    await expect(empty.getByRole('heading', { name: 'U bent nog geen lid van een project' })).toBeVisible();
    await shot(page, 'no-projects-frontpage-beheerder');
    await axeClean(page, 'front page without projects (Beheerder)');
    await empty.getByRole('link', { name: 'Nieuw project' }).click();
    await expect(page).toHaveURL(/\/portal\/project\/new$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    for (const id of made) await client.execute({ sql: 'delete from users where id = ?', args: [id] });
    for (const email of emails) await client.execute({ sql: "delete from mail_outbox where \"to\" = ? or text like ?", args: [email, `%${email}%`] });
  }
});

test('the showcase video: a root admin sets a YouTube link, everyone sees it on the front page; hidden while unset', async () => {
  // No network in tests: the player answers from here (the CSP still decides whether it may be framed).
  await context.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="nl"><title>Speler</title><p>Video</p></html>' }));
  try {
    await as('gebruiker@demo.impulz.nl');
    await page.goto('/portal/');
    await expect(page.getByTestId('showcase-video')).toHaveCount(0);

    await as('admin@demo.impulz.nl');
    await page.goto('/portal/admin/overview');
    const card = page.getByRole('region', { name: 'Video op de voorpagina' });
    await expect(card.getByTestId('showcase-current')).toHaveText('Er is geen video ingesteld; de voorpagina toont geen videoblok.');
    await card.getByLabel('Titel van het blok').fill('Rondleiding door ImpulZ');
    await card.getByLabel('Link naar de video (YouTube of Vimeo)').fill('https://example.com/film.mp4');
    await card.getByRole('button', { name: 'Opslaan' }).click();
    await expect(card.getByText('Gebruik een link naar één video op YouTube of Vimeo', { exact: false })).toBeVisible();
    await card.getByLabel('Link naar de video (YouTube of Vimeo)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await card.getByRole('button', { name: 'Opslaan' }).click();
    await expect(card.getByTestId('showcase-current')).toContainText('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await shot(page, 'showcase-video-admin');
    await axeClean(page, 'Admin panel with the showcase video');

    for (const email of ['gebruiker@demo.impulz.nl', 'beheerder@demo.impulz.nl']) {
      await as(email);
      const res = await page.goto('/portal/');
      expect(res!.headers()['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
      const video = page.getByTestId('showcase-video');
      await video.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(video).toHaveAttribute('open', '');
      const frame = video.locator('iframe[title="Video: Rondleiding door ImpulZ"]');
      await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
      await expect(page.frameLocator('iframe[title="Video: Rondleiding door ImpulZ"]').getByText('Video')).toBeVisible();
      await shot(page, `showcase-video-frontpage-${email.split('@')[0]}`);
      await axeClean(page, `front page with the showcase video (${email})`);
    }

    // Removing it (the portal's own confirmation) hides the accordion again.
    await as('admin@demo.impulz.nl');
    await page.goto('/portal/admin/overview');
    await card.getByRole('button', { name: 'Video verwijderen' }).click();
    await confirmDialog(page);
    await expect(card.getByTestId('showcase-current')).toHaveText('Er is geen video ingesteld; de voorpagina toont geen videoblok.');
    await as('gebruiker@demo.impulz.nl');
    await page.goto('/portal/');
    await expect(page.getByTestId('showcase-video')).toHaveCount(0);
  } finally {
    await client.execute("delete from portal_settings where key = 'showcase_video'");
    await context.unrouteAll();
  }
});
