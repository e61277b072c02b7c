import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiCall, login } from './support';

test.describe.configure({ mode: 'serial' });
// Three PDF exports, the editor and an axe scan: more than the default 30 s on a busy machine.
test.setTimeout(120_000);

/** The report's PDF (POST report/1/export) as bytes, downloaded in the page with its session. */
async function exportPdf(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
    const res = await fetch('/portal/api/v2/report/1/export', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ benchmarks: [{}] }) });
    const bytes = new Uint8Array(await res.arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

/** The colour of the PDF's first page near the top (the cover band), rendered by pdftoppm as PPM. */
function coverColour(pdf: Buffer): [number, number, number] {
  const dir = mkdtempSync(join(tmpdir(), 'impulz-cover-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    const ppm = execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '20', join(dir, 'r.pdf')]);
    // P6\n<w> <h>\n255\n then RGB bytes.
    const header = ppm.subarray(0, 32).toString('latin1').split(/\s+/);
    const [width] = [Number(header[1])];
    const start = ppm.indexOf(Buffer.from('255\n')) + 4;
    const x = Math.round(width / 2);
    const y = 5;
    const at = start + (y * width + x) * 3;
    return [ppm[at]!, ppm[at + 1]!, ppm[at + 2]!];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 6);

test('a theme change recolours the shell (screenshot compared) and the PDF cover of the company', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, 'beheerder@demo.impulz.nl');
  const header = page.locator('header.impulz-header');
  const before = await header.screenshot();
  const defaultCover = coverColour(await exportPdf(page));
  expect(near(defaultCover, [0x1f, 0x4e, 0x79])).toBe(true);

  await page.goto('/portal/manage/company/1/themes');
  try {
    // A portal theme: the editor's preview follows the colours at once, a pale header is warned about.
    await expect(page.getByRole('button', { name: 'Nieuw thema' })).toBeEnabled();
    await page.getByRole('button', { name: 'Nieuw thema' }).click();
    await page.getByLabel('Naam').fill('E2E groen');
    const editor = page.getByRole('form', { name: 'Nieuw thema' });
    for (const [legend, colour] of [['Hoofdkleur (knoppen, links)', '#0b6e4f'], ['Kopbalk: kleur 1', '#0b6e4f'], ['Kopbalk: kleur 2', '#c8e6da']] as const) {
      const group = editor.getByRole('group', { name: legend });
      await group.getByLabel('Uit standaardthema').uncheck();
      await group.locator('input[type=color]').fill(colour);
    }
    const preview = page.getByTestId('theme-preview');
    await expect(preview.locator('.impulz-header')).toHaveCSS('background-color', 'rgb(11, 110, 79)');
    await expect(page.getByTestId('contrast-warning')).toContainText('Let op: de tekst in de kopbalk heeft te weinig contrast');
    await editor.getByRole('group', { name: 'Kopbalk: kleur 2' }).locator('input[type=color]').fill('#08415c');
    await expect(page.getByTestId('contrast-ok')).toHaveText('Het contrast voldoet aan WCAG AA.');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await page.getByRole('button', { name: 'Thema opslaan' }).click();
    await expect(page.getByRole('button', { name: 'Gebruiken: E2E groen' })).toBeVisible();
    await page.getByRole('button', { name: 'Gebruiken: E2E groen' }).click();
    await expect(page.locator('[data-theme-id]').filter({ hasText: 'E2E groen' })).toContainText('In gebruik');

    // A PDF theme for the company's exports.
    const pdfTheme = await apiCall<{ data: { id: number } }>(page, 'POST', '/theme', { name: 'E2E PDF', type: 'pdf', fields: { primary: '#0b6e4f' } });
    expect(pdfTheme.status).toBe(201);
    expect((await apiCall(page, 'PUT', `/company/1/defaultTheme/${pdfTheme.json.data.id}`)).status).toBe(200);

    await page.goto('/portal/');
    await expect(header).toHaveCSS('background-color', 'rgb(11, 110, 79)');
    await page.waitForLoadState('load');
    const after = await header.screenshot();
    expect(after.equals(before)).toBe(false);
    expect(near(coverColour(await exportPdf(page)), [0x0b, 0x6e, 0x4f])).toBe(true);
  } finally {
    // Back to the default for the specs that follow (one server for the whole run).
    const themes = await apiCall<{ data: { id: number; name: string; in_use: boolean }[] }>(page, 'GET', '/theme?company_id=1');
    for (const theme of themes.json.data.filter((t) => t.name.startsWith('E2E'))) await apiCall(page, 'DELETE', `/theme/${theme.id}`);
  }
  await page.goto('/portal/');
  await expect(header).toHaveCSS('background-color', 'rgb(29, 79, 145)');
  // Back on the default theme the header is pixel for pixel what it was.
  expect((await header.screenshot()).equals(before)).toBe(true);
  expect(near(coverColour(await exportPdf(page)), [0x1f, 0x4e, 0x79])).toBe(true);
});
