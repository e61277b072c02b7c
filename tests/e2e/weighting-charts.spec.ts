import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { burgerpeilingCsv } from '../../scripts/seed/surveys';
import { burgerpeilingLss } from '../../scripts/seed/surveys-burgerpeiling';
import { DEMO_SCHEME_NAME } from '../../scripts/seed/weighting';
import { CHART_TYPES } from '../../src/shared/lookups';
import { apiCall, axeClean, e2eClient, login, loginAdmin, shot, upload } from './support';

/**
 * A weighted report with a chart of another survey than the scheme's: 'Gewogen naar …' stands
 * under the weighted chart only — staff view (Beheerder and Admin), public page and PDF — and the
 * report's line says 'Deels gewogen'. The spec imports its own second survey (Oostwijk) and makes
 * its own report with the seeded demo scheme; it deletes both afterwards.
 */

const LABEL = 'Gewogen naar leeftijdsgroep, geslacht en wijk';
const PARTLY = `Deels gewogen: alleen de grafieken waaronder ‘Gewogen naar …’ staat (weging ‘${DEMO_SCHEME_NAME}’).`;
const WEIGHTED = 'Tevredenheid Zuiderhaven';
const OTHER = 'Tevredenheid Oostwijk';
const BAR = CHART_TYPES.find((c) => c.key === 'bar')!.id;

let otherSurvey = 0;
let reportId = 0;
const charts: Record<string, number> = {};

test.describe.configure({ timeout: 180_000 });

// The report and the survey are this spec's own: removed for good also when a step fails.
test.afterAll(async () => {
  const client = e2eClient();
  try {
    const rows = [...(reportId ? [{ sql: 'delete from reports where id = ?', args: [reportId] }] : []), ...(otherSurvey ? [{ sql: 'delete from surveys where id = ?', args: [otherSurvey] }] : [])];
    if (rows.length) await client.batch(['PRAGMA foreign_keys = ON', ...rows], 'write');
  } finally {
    client.close();
  }
});

test("'Gewogen naar …' stands under the weighted chart only, in the staff view, on the public page and in the PDF", async ({ page }) => {
  await login(page);
  const client = e2eClient();
  const { rows } = await client.execute('select id from surveys where ls_sid = 474747 and company_id = 1 order by id limit 1');
  client.close();
  const surveyId = Number(rows[0]!.id);
  const schemes = await apiCall<{ data: { id: number; name: string }[] }>(page, 'GET', `/survey/${surveyId}/weighting`);
  const schemeId = schemes.json.data.find((s) => s.name === DEMO_SCHEME_NAME)!.id;

  // A second burgerpeiling in project 1 with 300 responses of its own.
  const imported = await upload(page, '/survey/import', { project_id: '1', confirm_duplicate: '1' }, 'oostwijk.lss', burgerpeilingLss().replace(/Burgerpeiling Zuiderhaven/g, 'Burgerpeiling Oostwijk'));
  expect(imported.status).toBe(201);
  otherSurvey = imported.json.data.id;
  const job = await upload(page, `/survey/${otherSurvey}/response`, {}, 'oostwijk.csv', burgerpeilingCsv(300, new Date()));
  expect(job.status).toBe(202);
  await expect.poll(async () => (await apiCall<{ data: { status: string } }>(page, 'GET', `/job/${job.json.data.id}`)).json.data.status, { timeout: 60_000, intervals: [200, 500, 1000] }).toBe('done');

  const report = await apiCall<{ data: { id: number } }>(page, 'POST', '/report', { project_id: 1, title: 'Twee onderzoeken (e2e)', status_id: 3, direct_access: true, pdf_export: true });
  reportId = report.json.data.id;
  expect((await apiCall(page, 'PUT', `/report/${reportId}`, { weighting_id: schemeId })).status).toBe(200);
  const section = await apiCall<{ data: { id: number } }>(page, 'POST', `/report/${reportId}/section`, { title: 'Tevredenheid' });
  for (const [title, survey] of [[WEIGHTED, surveyId], [OTHER, otherSurvey]] as const) {
    charts[title] = (await apiCall<{ data: { id: number } }>(page, 'POST', '/chart', { section_id: section.json.data.id, chart_type_id: BAR, title })).json.data.id;
    expect((await apiCall(page, 'POST', '/dataLocation', { chart_id: charts[title], survey_id: survey, column_key: 'tevredengemeente', label: title })).status).toBe(201);
  }

  // Staff view, as the Beheerder and as the Admin.
  const host = (title: string) => page.locator(`[data-chart-host="${charts[title]}"]`);
  for (const who of ['beheerder', 'admin'] as const) {
    if (who === 'admin') {
      const client = e2eClient();
      try {
        await loginAdmin(page, client);
      } finally {
        client.close();
      }
    }
    await page.goto(`/portal/report/${reportId}`);
    await expect(host(WEIGHTED)).toContainText(`${LABEL}.`, { timeout: 30_000 });
    await expect(host(OTHER).locator('figure')).toBeVisible();
    await expect(host(OTHER)).not.toContainText('Gewogen');
    await axeClean(page, `rapport met twee onderzoeken (${who})`);
    await shot(page, `weighting-two-surveys-staff-${who}`);
  }

  // Public page (server-rendered SVG): the note in the weighted chart's drawing only; the header says 'Deels gewogen'.
  await page.goto(`/portal/public/report/${reportId}`);
  const figure = (title: string) => page.locator(`figure[data-chart-id="${charts[title]}"]`);
  await expect(page.getByTestId('public-weighting')).toHaveText(PARTLY);
  for (const part of ['.chart-wide', '.chart-narrow']) {
    await expect(figure(WEIGHTED).locator(part)).toContainText(`${LABEL}.`);
    await expect(figure(OTHER).locator(part)).not.toContainText('Gewogen');
  }
  await axeClean(page, 'openbaar rapport met twee onderzoeken');
  await shot(page, 'weighting-two-surveys-public');

  // PDF (pdftotext): once, after the weighted chart's title and before the other chart's.
  await page.goto(`/portal/report/${reportId}`);
  const xsrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const pdf = await page.request.post(`/portal/api/v2/report/${reportId}/export`, { data: { benchmarks: [{}] }, headers: { 'X-XSRF-TOKEN': xsrf, Origin: new URL(page.url()).origin } });
  expect(pdf.status()).toBe(200);
  mkdirSync('.tmp/shots', { recursive: true });
  writeFileSync('.tmp/shots/weighting-two-surveys.pdf', await pdf.body());
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', '.tmp/shots/weighting-two-surveys.pdf', '.tmp/shots/weighting-two-surveys']);
  const text = execFileSync('pdftotext', ['-layout', '.tmp/shots/weighting-two-surveys.pdf', '-']).toString().replace(/\s+/g, ' ');
  expect(text).toContain(PARTLY.slice(0, -1));
  expect(text.split(LABEL).length - 1).toBe(1);
  expect(text.indexOf(LABEL)).toBeGreaterThan(text.lastIndexOf(WEIGHTED));
  expect(text.indexOf(LABEL)).toBeLessThan(text.lastIndexOf(OTHER));
});
