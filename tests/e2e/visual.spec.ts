import { expect, type Page, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { burgerpeilingCsv } from '../../scripts/seed/surveys';
import { burgerpeilingLss } from '../../scripts/seed/surveys-burgerpeiling';
import { CHART_TYPES, DATA_FORMATS, GRANULARITY } from '../../src/shared/lookups';
import { apiCall, e2eClient, loginAdmin, upload } from './support';

/**
 * Visual regression of the charts (issue 18): every chart type × {1, 3 benchmarks} in the staff
 * view (uPlot / SVG / HTML), on the public page (SVG; all respondents and up to benchmark_count − 1
 * comparison groups, wide and laid out for a phone) and in the PDF (pdftoppm per page), against the
 * committed PNGs in visual.spec.ts-snapshots/. Update them with `npm run test:visual:update`
 * after a deliberate change, then LOOK at the changed PNGs before committing.
 *
 * Deterministic: the test seeds its own survey through the API with responses on fixed dates
 * (the demo data is dated relative to today) and a report over a fixed year.
 */

// 14 element screenshots per test: a busy machine needs more than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const TODAY = new Date('2026-01-01T12:00:00Z');
const PERIOD = { start: '2025-01-01', end: '2025-12-31' };
const RESPONDENTS = 3000;
const TITLE = 'Visuele test (vaste datums)';

const type = (key: (typeof CHART_TYPES)[number]['key']) => CHART_TYPES.find((t) => t.key === key)!.id;
const format = (key: (typeof DATA_FORMATS)[number]['key']) => DATA_FORMATS.find((f) => f.key === key)!.id;
const granularity = (key: (typeof GRANULARITY)[number]['key']) => GRANULARITY.find((g) => g.key === key)!.id;

/** One chart per type; the columns of the burgerpeiling's cube. */
const CHARTS = [
  { key: 'bar', title: 'Problemen in de buurt', type: type('bar'), format: format('percentage'), scheme: 2, columns: ['problemen'] },
  { key: 'column', title: 'Contactkanalen', type: type('column'), format: format('percentage-count'), scheme: 2, columns: ['kanaal'] },
  { key: 'stacked-bar', title: 'Onveilig gevoel', type: type('stacked-bar'), format: format('percentage'), scheme: 3, columns: ['veilig_overdag', 'veilig_avond'] },
  { key: 'stacked-bar-100', title: 'Tevredenheid over de buurt', type: type('stacked-bar-100'), format: format('percentage'), scheme: 3, columns: ['buurt_SQ001', 'buurt_SQ002'] },
  { key: 'pie', title: 'Geslacht', type: type('pie'), format: format('percentage'), scheme: 2, columns: ['geslacht'] },
  { key: 'donut', title: 'Contact met de gemeente', type: type('donut'), format: format('percentage'), scheme: 2, columns: ['contact'] },
  { key: 'line', title: 'Tevredenheid door de tijd', type: type('line'), format: format('percentage'), scheme: 3, granularity: granularity('month'), columns: ['tevredengemeente'] },
  { key: 'area', title: 'Rapportcijfer per kwartaal', type: type('area'), format: format('mean'), scheme: 2, granularity: granularity('quarter'), columns: ['rapportcijfer'] },
  { key: 'table', title: 'Wijken', type: type('table'), format: format('percentage-count'), scheme: 2, columns: ['wijk'] },
  { key: 'kpi', title: 'Rapportcijfer voor de buurt', type: type('kpi'), format: format('mean'), scheme: 2, columns: ['rapportcijfer'] },
  { key: 'gauge', title: 'Tevredenheid gemeente (gemiddelde)', type: type('gauge'), format: format('mean'), scheme: 2, columns: ['tevredengemeente'] },
  { key: 'wordcloud', title: 'Belangrijkste verbeterpunt', type: type('wordcloud'), format: format('count'), scheme: 2, columns: ['verbeterpunt'] },
  { key: 'open-answers', title: 'Opmerkingen', type: type('open-answers'), format: format('count'), scheme: 2, columns: ['verbeterpunt'] },
  { key: 'net-promoter', title: 'Aanbevelen als woonplaats', type: type('net-promoter'), format: format('percentage'), scheme: 2, columns: ['aanbevelen'] },
] as const;

interface Fixture {
  reportId: number;
  charts: { key: string; id: number }[];
  /** Filter options 18 t/m 34 jaar, 65 jaar of ouder (benchmarks B and C). */
  options: number[];
}

let page: Page;
let fx: Fixture;

async function ok<T>(call: Promise<{ status: number; json: T }>, what: string): Promise<T> {
  const { status, json } = await call;
  expect(status, `${what}: ${JSON.stringify(json).slice(0, 300)}`).toBeLessThan(300);
  return json;
}

/** The survey (fixed-date responses), an age filter and a report with one chart per type, all through the API. */
async function seedFixture(p: Page): Promise<Fixture> {
  const lss = burgerpeilingLss().replace(/Burgerpeiling Zuiderhaven/g, TITLE);
  const survey = await ok(upload(p, '/survey/import', { project_id: '1', confirm_duplicate: '1' }, 'visueel.lss', lss), 'import');
  const surveyId = survey.data.id;
  await ok(apiCall(p, 'PUT', `/survey/${surveyId}/accuracy`, { population_size: 41_250, confidence_level: 95 }), 'accuracy');
  const job = await ok(upload(p, `/survey/${surveyId}/response`, {}, 'visueel.csv', burgerpeilingCsv(RESPONDENTS, TODAY)), 'responses');
  await expect
    .poll(async () => ((await apiCall<{ data: { status: string } }>(p, 'GET', `/job/${job.data.id}`)).json.data.status), { timeout: 60_000, intervals: [200, 500, 1000] })
    .toBe('done');
  const category = await ok(apiCall<{ data: { filterOptions: { id: number; label: string }[] } }>(p, 'POST', `/project/1/survey/${surveyId}/filterCategory/generate`, { column_key: 'leeftijd', title: 'Leeftijd (visuele test)' }), 'filters');
  const option = (label: string) => category.data.filterOptions.find((o) => o.label === label)!.id;
  const report = await ok(
    apiCall<{ data: { id: number } }>(p, 'POST', '/report', {
      project_id: 1, title: TITLE, start_date: PERIOD.start, end_date: PERIOD.end, benchmark_count: 3, min_n: 10, languages: 'nl', pdf_export: true, direct_access: true, status_id: 3,
    }),
    'report',
  );
  const section = await ok(apiCall<{ data: { id: number } }>(p, 'POST', `/report/${report.data.id}/section`, { title: 'Alle grafiektypen' }), 'section');
  const charts: Fixture['charts'] = [];
  for (const c of CHARTS) {
    const chart = await ok(
      apiCall<{ data: { id: number } }>(p, 'POST', '/chart', {
        section_id: section.data.id, chart_type_id: c.type, title: c.title, data_format_id: c.format, color_scheme_id: c.scheme, granularity_id: 'granularity' in c ? c.granularity : 0,
      }),
      `chart ${c.key}`,
    );
    for (const column of c.columns) await ok(apiCall(p, 'POST', '/dataLocation', { chart_id: chart.data.id, survey_id: surveyId, column_key: column }), `data ${c.key} ${column}`);
    charts.push({ key: c.key, id: chart.data.id });
  }
  return { reportId: report.data.id, charts, options: [option('18 t/m 34 jaar'), option('65 jaar of ouder')] };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, deviceScaleFactor: 1 });
  page = await context.newPage();
  const client = e2eClient();
  try {
    await loginAdmin(page, client);
  } finally {
    client.close();
  }
  await page.goto('/portal/');
  fx = await seedFixture(page);
});

test.afterAll(async () => {
  await page?.context().close();
});

const SHOT = { animations: 'disabled', caret: 'hide', scale: 'css' } as const;

const benchmarkQuery = (count: 1 | 3) => (count === 1 ? '' : `?b=${encodeURIComponent(JSON.stringify([{}, { f: [fx.options[0]] }, { f: [fx.options[1]] }]))}`);

for (const count of [1, 3] as const) {
  test(`staff view, ${count} benchmark${count > 1 ? 's' : ''}: every chart type`, async () => {
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.goto(`/portal/report/${fx.reportId}${benchmarkQuery(count)}`);
    for (const { key, id } of fx.charts) {
      const figure = page.locator(`[data-chart-host="${id}"] figure`);
      await expect(figure).toBeVisible({ timeout: 30_000 });
      // uPlot charts: the canvas replaced the first-paint SVG.
      if (await figure.evaluate((el) => el.querySelector('[role="img"].relative') !== null)) await expect(figure.locator('canvas').first()).toBeVisible();
      await expect.soft(figure).toHaveScreenshot(`staff-${count}b-${key}.png`, SHOT);
    }
  });
}

for (const [count, width] of [[1, 720], [3, 720], [3, 390]] as const) {
  const layout = width < 560 ? 'narrow' : 'wide';
  test(`public page, ${count} benchmark${count > 1 ? 's' : ''} (${layout}): every chart type`, async () => {
    await page.setViewportSize({ width, height: 900 });
    // All respondents and, as the report allows (benchmark_count 3), two comparison groups.
    await page.goto(`/portal/public/report/${fx.reportId}${count === 3 ? `?vergelijk=${fx.options[0]}&vergelijk=${fx.options[1]}` : ''}`);
    await expect(page.getByRole('list', { name: 'Getoonde groepen' }).getByRole('listitem')).toHaveCount(count);
    for (const { key, id } of fx.charts) {
      const figure = page.locator(`figure[data-chart-id="${id}"]`);
      await expect.soft(figure).toHaveScreenshot(`public-${count}b-${layout}-${key}.png`, SHOT);
    }
  });
}

/** The report's PDF for the benchmarks, rendered per page by pdftoppm (PNG, 50 dpi); the cover (its date of making) is left out. */
async function pdfPages(benchmarks: unknown[]): Promise<Buffer[]> {
  const base64 = await page.evaluate(
    async ([id, body]) => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const res = await fetch(`/portal/api/v2/report/${id}/export`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`export ${res.status}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      let text = '';
      for (const b of bytes) text += String.fromCharCode(b);
      return btoa(text);
    },
    [fx.reportId, { benchmarks }] as const,
  );
  const dir = mkdtempSync(join(tmpdir(), 'impulz-visual-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), Buffer.from(base64, 'base64'));
    execFileSync('pdftoppm', ['-f', '2', '-r', '50', '-png', join(dir, 'r.pdf'), join(dir, 'p')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => readFileSync(join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const count of [1, 3] as const) {
  test(`PDF, ${count} benchmark${count > 1 ? 's' : ''}: every chart type, page by page`, async () => {
    // Without labels: the server names them as the staff view does ('Alle respondenten', the options' labels), never 'A'/'B'.
    const benchmarks = count === 1 ? [{}] : [{}, { filterOptions: [fx.options[0]] }, { filterOptions: [fx.options[1]] }];
    const pages = await pdfPages(benchmarks);
    expect(pages.length).toBeGreaterThan(0);
    pages.forEach((png, i) => expect.soft(png).toMatchSnapshot(`pdf-${count}b-page${i + 2}.png`));
  });
}
