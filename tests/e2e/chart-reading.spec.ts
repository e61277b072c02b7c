import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { apiCall, axeClean, login } from './support';

/**
 * Report reading polish: 'Kleuren omkeren' set in the chart editor (keyboard) takes effect in the
 * staff view, on the public page and in the PDF; a one-benchmark stacked bar on the public page
 * reaches the end of the plot at 1440 and 390 px (before, it ended halfway).
 */
const SHOTS = !!process.env.SHOTS;

async function shots(page: Page, name: string, selector: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync('.tmp/shots', { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const el = page.locator(selector).first();
    await el.scrollIntoViewIfNeeded();
    await el.screenshot({ path: `.tmp/shots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The right end of the drawn bars against the plot's right edge (the SVG's width − 8), in SVG units. */
async function barExtent(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((svg) => {
    const width = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
    const bars = [...svg.querySelectorAll('rect')].filter((r) => r.querySelector('title') && r.getAttribute('height') === '22');
    const left = Math.min(...bars.map((r) => Number(r.getAttribute('x'))));
    const right = Math.max(...bars.map((r) => Number(r.getAttribute('x')) + Number(r.getAttribute('width'))));
    return (right - left) / (width - 8 - left);
  });
}

test("'Kleuren omkeren' in staff view, public page and PDF; a one-benchmark stacked bar fills the plot", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await login(page);
  // 'Hoe vaak voelt u zich onveilig?': Nooit – Soms – Vaak on the red–blue scale, 'Nooit' the good answer.
  const made = await apiCall<{ data: { id: number } }>(page, 'POST', '/chart', { section_id: 1, chart_type_id: 3, title: 'Onveilig gevoel', data_format_id: 1, color_scheme_id: 3 });
  expect(made.status).toBe(201);
  const id = made.json.data.id;
  try {
    for (const column of ['veilig_overdag', 'veilig_avond']) expect((await apiCall(page, 'POST', '/dataLocation', { chart_id: id, survey_id: 1, column_key: column })).status).toBe(201);

    // Public page before: 'Nooit' (the first answer) is red; each bar reaches the plot's end.
    await page.goto('/portal/public/report/1');
    const svg = `figure[data-chart-id="${id}"] .chart-wide svg`;
    const firstFill = () => page.locator(svg).locator('rect[height="22"]').first().getAttribute('fill');
    expect(await firstFill()).toBe('#b2182b');
    expect(await barExtent(page, svg)).toBeCloseTo(1, 2);
    expect(await barExtent(page, `figure[data-chart-id="${id}"] .chart-narrow svg`)).toBeCloseTo(1, 2);

    // The editor: the switch sits with the colour schemes; by keyboard; the swatches turn round.
    await page.goto(`/portal/report/1/section/1/chart/${id}/edit/base`);
    const reverse = page.getByRole('checkbox', { name: 'Kleuren omkeren' });
    await expect(reverse).toHaveAccessibleDescription(/het eerste antwoord het gunstige is/);
    const swatch = page.locator('svg[data-swatches="3"] rect').first();
    await expect(swatch).toHaveAttribute('fill', '#b2182b');
    await reverse.focus();
    await page.keyboard.press('Space');
    await expect(reverse).toBeChecked();
    await expect(swatch).toHaveAttribute('fill', '#2166ac');
    await axeClean(page, 'chart editor with Kleuren omkeren');
    await shots(page, 'reverse-editor', 'fieldset:has(> legend:text-is("Kleurenschema"))');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByText('Niet-opgeslagen wijzigingen')).toBeHidden();
    await expect.poll(async () => (await apiCall<{ data: { options: Record<string, unknown> } }>(page, 'GET', `/chart/${id}`)).json.data.options).toMatchObject({ reverseColors: true });
    // zod: a value that is no yes/no is refused in Dutch.
    const bad = await apiCall<{ errors: Record<string, string[]> }>(page, 'POST', `/chart/${id}/chartOption`, { key: 'reverseColors', value: 'soms' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.json.errors)).toMatch(/ja of nee|Ja of nee|waar of onwaar/i);

    // Staff view: the legend's first marker ('Nooit') is blue now.
    await page.goto('/portal/report/1');
    const host = page.locator(`[data-chart-host="${id}"]`);
    await expect(host.locator('[data-chart-kind="stacked-bar"]')).toBeVisible({ timeout: 30_000 });
    await expect(host.locator('.u-legend').getByRole('rowheader').first()).toHaveText('Nooit');
    const marker = await host.locator('.u-legend .u-marker').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(marker).toBe('rgb(33, 102, 172)');
    await axeClean(page, 'staff view');
    await shots(page, 'reverse-staff', `[data-chart-id="${id}"]`);
    // The demo trend by month: every month of 'Alle respondenten' released (none withheld against its own total).
    await shots(page, 'trend-staff', '[data-chart-id="5"]');

    // Public page after, as a visitor without the browser cache of the first visit (max-age 60):
    // 'Nooit' blue, 'Vaak' red; still the full width.
    const visitor = await browser.newPage();
    try {
      await visitor.goto(new URL('/portal/public/report/1', page.url()).href);
      expect(await visitor.locator(svg).locator('rect[height="22"]').first().getAttribute('fill')).toBe('#2166ac');
      expect(await barExtent(visitor, svg)).toBeCloseTo(1, 2);
      await shots(visitor, 'reverse-public', `figure[data-chart-id="${id}"]`);
      await shots(visitor, 'trend-public', 'figure[data-chart-id="5"]');
    } finally {
      await visitor.close();
    }

    // PDF: drawn from the same model (the colours are checked per renderer in the unit tests); a page to look at.
    const pdf = await page.evaluate(async () => {
      if (!document.cookie.includes('XSRF-TOKEN=')) await fetch('/portal/auth/csrf-cookie');
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const res = await fetch('/portal/api/v2/report/1/export', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ benchmarks: [{ label: '', filterOptions: [] }] }) });
      return { status: res.status, bytes: [...new Uint8Array(await res.arrayBuffer())] };
    });
    expect(pdf.status).toBe(200);
    if (SHOTS) {
      writeFileSync('.tmp/shots/reverse.pdf', new Uint8Array(pdf.bytes));
      execFileSync('pdftoppm', ['-r', '70', '-png', '.tmp/shots/reverse.pdf', '.tmp/shots/reverse-pdf']);
    }
  } finally {
    await apiCall(page, 'DELETE', `/chart/${id}`);
  }
});
