import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, login } from './support';

const axe = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
};

/** A minimal LimeSurvey 6 structure: one group, one list question. */
const lss = (title: string, sid: number) => `<?xml version="1.0" encoding="UTF-8"?>
<document><LimeSurveyDocType>Survey</LimeSurveyDocType><DBVersion>606</DBVersion><languages><language>nl</language></languages>
<surveys><fields><fieldname>sid</fieldname></fields><rows><row><sid><![CDATA[${sid}]]></sid><language><![CDATA[nl]]></language></row></rows></surveys>
<surveys_languagesettings><fields><fieldname>surveyls_language</fieldname></fields><rows><row><surveyls_language><![CDATA[nl]]></surveyls_language><surveyls_title><![CDATA[${title}]]></surveyls_title></row></rows></surveys_languagesettings>
<groups><fields><fieldname>gid</fieldname></fields><rows><row><gid>1</gid><sid>${sid}</sid><group_order>1</group_order></row></rows></groups>
<group_l10ns><fields><fieldname>id</fieldname></fields><rows><row><id>1</id><gid>1</gid><group_name><![CDATA[Groep]]></group_name><language>nl</language></row></rows></group_l10ns>
<questions><fields><fieldname>qid</fieldname></fields><rows><row><qid>1</qid><parent_qid>0</parent_qid><sid>${sid}</sid><gid>1</gid><type>Y</type><title>tevreden</title><question_order>1</question_order></row></rows></questions>
<question_l10ns><fields><fieldname>id</fieldname></fields><rows><row><id>1</id><qid>1</qid><question><![CDATA[Bent u tevreden?]]></question><language>nl</language></row></rows></question_l10ns>
</document>`;

test('the survey overview stays one screen high with 150 surveys: paged blocks and table, search and filters', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'beheerder@noordbroek.demo.impulz.nl');
  const files = Array.from({ length: 150 }, (_, i) => ({ name: `peiling-${i + 1}.lss`, text: lss(`Peiling ${String(i + 1).padStart(3, '0')}`, 700000 + i) }));
  const statuses = await page.evaluate(async (list) => {
    await fetch('/portal/auth/csrf-cookie');
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
    const out: number[] = [];
    for (const f of list) {
      const form = new FormData();
      form.set('file', new File([f.text], f.name));
      out.push((await fetch('/portal/api/v2/survey/import', { method: 'POST', body: form, headers: { Accept: 'application/json', 'X-XSRF-TOKEN': xsrf } })).status);
    }
    return out;
  }, files);
  expect(statuses.every((s) => s === 201)).toBe(true);
  const { json } = await apiCall<{ data: unknown[] }>(page, 'GET', '/survey/index-items');
  const total = json.data.length;
  expect(total).toBeGreaterThanOrEqual(150);

  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  // One screen: the height of a page with hardly any content (the shell's minimum, footer included).
  await page.goto('/portal/survey/import');
  const screen = await height();
  await page.goto('/portal/survey/overview');
  const overview = page.getByTestId('overview');
  // Two rows of two blocks at 1440 px.
  await expect(overview.getByRole('listitem')).toHaveCount(4);
  await expect(overview.getByText(`1–4 van ${total}`)).toBeVisible();
  expect(await height()).toBeLessThanOrEqual(screen);
  await overview.getByRole('button', { name: 'Volgende pagina' }).click();
  await expect(overview.getByText(`5–8 van ${total}`)).toBeVisible();
  await expect(overview.getByRole('listitem').first()).toContainText('Eigenaar');

  await overview.getByRole('radio', { name: 'Tabel' }).click();
  await expect(overview.getByRole('row')).toHaveCount(11);
  expect(await height()).toBeLessThanOrEqual(screen);
  await expect(overview.getByRole('columnheader', { name: 'Organisatie' })).toBeVisible();
  await expect(overview.getByRole('columnheader', { name: 'Eigenaar' })).toBeVisible();

  // Every word must match somewhere: 'peiling 149' also finds 'Peiling 150 (700149)'.
  await overview.getByRole('searchbox').fill('peiling 149');
  await expect(overview.getByRole('row')).toHaveCount(3);
  await overview.getByRole('searchbox').fill('PEILING 700148');
  await expect(overview.getByRole('row')).toHaveCount(2);
  await expect(overview.getByRole('row').nth(1)).toContainText('Peiling 149 (700148)');
  await overview.getByRole('searchbox').fill('peiling');
  await overview.getByLabel('Met responsen').selectOption('ja');
  await expect(overview.getByText('Geen onderzoeken gevonden')).toBeVisible();
  await overview.getByLabel('Met responsen').selectOption('nee');
  await expect(overview.getByText(/1–10 van 15\d/)).toBeVisible();
  expect(await axe(page)).toEqual([]);
  // Back to blocks for the next visitor of this browser profile.
  await overview.getByRole('radio', { name: 'Blokken' }).click();
});

test("the response browser deletes one response and the report's n drops by one after the rebuild", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  // The report's n: the summary's key figure 'Respondenten' (first benchmark column).
  const respondents = async () => {
    await page.goto('/portal/report/1/summary');
    const cell = page.getByTestId('key-figures').getByRole('row', { name: /Respondenten/ }).getByRole('cell').first();
    await expect(cell).toContainText(/\d/, { timeout: 30_000 });
    return Number((await cell.innerText()).replace(/\D/g, ''));
  };
  const before = await respondents();
  const { json } = await apiCall<{ data: { id: number; displayTitle: string }[] }>(page, 'GET', '/survey/index-items');
  const id = json.data.find((s) => s.displayTitle.startsWith('Burgerpeiling Zuiderhaven'))!.id;

  await page.goto(`/portal/survey/${id}/edit/response`);
  const browser = page.getByRole('region', { name: 'Responsen bekijken', exact: true });
  await browser.getByLabel('Status').selectOption('complete');
  // A recent response, inside the report's period.
  await browser.getByLabel('Vanaf').fill(new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10));
  await browser.getByRole('button', { name: 'Filteren' }).click();
  await expect(browser.getByText(/\d[\d.]* responsen/)).toBeVisible();
  expect(await axe(page, '#main')).toEqual([]);
  await browser.getByRole('button', { name: /^Bekijken/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('columnheader', { name: 'Vraag' })).toBeVisible();
  expect(await axe(page, 'dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Respons verwijderen' }).click();
  await dialog.getByRole('alert').getByRole('button', { name: 'Respons verwijderen' }).click();
  await expect(dialog).toBeHidden();
  await expect(browser.getByText('De respons is verwijderd.')).toBeVisible();

  expect(await respondents()).toBe(before - 1);
});
