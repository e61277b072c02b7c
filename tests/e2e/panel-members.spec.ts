import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_PANEL_TOKEN } from '../../scripts/seed/accounts';
import { axeClean, confirmDialog, e2eClient, login, shot } from './support';

/** Issue 34 item 5: a citizen who registers through a panel link is no staff member. */
const client = e2eClient();
const EMAIL = 'petra.panellid@example.nl';
const NAME = 'Petra Panellid';

// Whatever happens, the member this spec made goes again (other specs count users and panel members).
test.afterAll(async () => {
  const { rows } = await client.execute({ sql: 'select id from users where email = ?', args: [EMAIL] });
  for (const id of rows.map((r) => Number(r.id))) {
    await client.batch(
      [
        { sql: 'delete from panel_answers where user_id = ?', args: [id] },
        { sql: 'delete from panel_users where user_id = ?', args: [id] },
        { sql: 'delete from users where id = ?', args: [id] },
      ],
      'write',
    );
  }
  client.close();
});

test('a panel member registers, sees only their own pages and is no staff: not in the member picker, listed on the Panelleden tab', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/portal/register/panel/${DEMO_PANEL_TOKEN}`);
  await page.getByLabel('Volledige naam').fill(NAME);
  await page.getByLabel('E-mailadres').fill(EMAIL);
  await page.getByRole('button', { name: 'Genereer een sterk wachtwoord' }).click();
  await page.getByLabel('Leeftijdsgroep *').selectOption({ label: '35 – 49 jaar' });
  await page.getByRole('group', { name: 'Wijk *' }).getByLabel('Centrum').check();
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page.getByRole('heading', { name: `Welkom, ${NAME}` })).toBeVisible();
  const { rows } = await client.execute({ sql: 'select group_id from users where email = ?', args: [EMAIL] });
  expect(Number(rows[0]!.group_id)).toBe(5);
  await axeClean(page, 'front page (panel member)');
  await shot(page, 'panel-member-front');

  // A staff screen is refused, and there is nothing to ask for.
  await page.goto('/portal/manage/user/overview');
  await expect(page.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Toegang aanvragen/ })).toHaveCount(0);
  await axeClean(page, '403 (panel member)');
  await shot(page, 'panel-member-403');
  await page.context().clearCookies();

  await login(page, 'beheerder@demo.impulz.nl');
  // The project member picker: staff only, each with their group.
  await page.goto('/portal/project/1/users');
  const picker = page.locator('select[name="user"]');
  await expect(picker).toBeVisible();
  const options = await picker.locator('option').allInnerTexts();
  expect(options.join('\n')).not.toContain(NAME);
  expect(options.some((o) => / · (Admin|Beheerder|Gebruiker)$/.test(o))).toBe(true);
  expect(options.join('\n')).not.toContain('Koppeling Zuiderhaven');
  await axeClean(page, 'project member picker');
  await shot(page, 'project-members-picker');

  // Not among the staff, but on the Panelleden tab.
  await page.goto('/portal/manage/user/overview');
  await expect(page.getByRole('heading', { name: 'Gebruikers', level: 1 })).toBeVisible();
  await expect(page.getByText(EMAIL)).toHaveCount(0);
  await page.getByRole('link', { name: 'Panelleden' }).click();
  await expect(page.getByRole('heading', { name: 'Panelleden', level: 1 })).toBeVisible();
  const table = page.getByTestId('panel-members');
  await expect(table.getByRole('rowheader', { name: NAME })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(NAME) })).toContainText('Burgerpanel Zuiderhaven');
  await page.getByLabel('Zoeken in panelleden').fill('petra.panellid');
  await expect(page.getByTestId('panel-members-count')).toHaveText('1 panellid');
  await page.getByLabel('Zoeken in panelleden').fill('');
  await page.getByLabel('Zoeken in panelleden').focus();
  await page.keyboard.press('Tab');
  await axeClean(page, 'Panelleden tab');
  await shot(page, 'user-overview-panel-members');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporteren (CSV)' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('id,naam,e-mailadres,aangemeld op,laatst ingelogd,panels');
  expect(csv).toContain(EMAIL);

  // Removing the member (the spec's own row) through the tab.
  await table.getByRole('button', { name: `Verwijderen: ${NAME}` }).click();
  await confirmDialog(page);
  await expect(page.locator('#main').getByText('Het panellid is verwijderd.')).toBeVisible();
  await expect(table.getByRole('rowheader', { name: NAME })).toHaveCount(0);
  expect(Number((await client.execute({ sql: 'select count(*) as n from users where email = ?', args: [EMAIL] })).rows[0]!.n)).toBe(0);
  const audit = await client.execute({ sql: "select count(*) as n from audit_log where action in ('panel.members.export', 'panel.member.remove') and created_at > ?", args: [Date.now() - 600_000] });
  expect(Number(audit.rows[0]!.n)).toBeGreaterThanOrEqual(2);
});
