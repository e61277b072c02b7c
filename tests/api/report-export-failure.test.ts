import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportCharts, reportDataLocations, reports, reportSections } from '../../src/server/db/schema';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { demoSurveyId } from '../helpers/demo-survey';

// The drawing step fails unexpectedly (e.g. a bug or a resource limit): the user gets the export
// message of spec 001 §8, inline and through the job.
vi.mock('../../src/server/pdf/document', () => ({
  renderReportPdf: async () => {
    throw new Error('drawing failed');
  },
}));

const FAILED = 'Er is iets misgegaan bij het genereren van de export, probeer het later opnieuw.';
const t = createSurveyTestApp();
afterAll(() => t.close());
const API = '/portal/api/v2';
let admin: HttpSession;

beforeAll(async () => {
  admin = t.session();
  await loginAs(admin, 'beheerder@demo.impulz.nl');
}, 30_000);

describe('PDF export failure', { timeout: 60_000 }, () => {
  it('answers 500 with the Dutch export message, no stack or internals', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await admin.fetch(`${API}/report/1/export`, { method: 'POST', json: { benchmarks: [{}] } });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { message: string; code: string };
    expect(body).toMatchObject({ message: FAILED, code: 'EXPORT_FAILED' });
    expect(JSON.stringify(body)).not.toContain('drawing failed');
    errors.mockRestore();
  });

  it('marks a large export job failed with the export message; its result answers 409', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const surveyId = await demoSurveyId(t.db);
    const [report] = await t.db.insert(reports).values({ projectId: 1, title: 'Mislukt', endDate: '2099-12-31', pdfExport: true }).returning();
    const [section] = await t.db.insert(reportSections).values({ reportId: report!.id, title: 'S' }).returning();
    const charts = await t.db.insert(reportCharts).values(Array.from({ length: 41 }, (_, i) => ({ sectionId: section!.id, chartTypeId: 1, title: `G${i}`, order: i }))).returning();
    await t.db.insert(reportDataLocations).values(charts.map((c) => ({ chartId: c.id, surveyId, columnKey: 'kanaal' })));
    const res = await admin.fetch(`${API}/report/${report!.id}/export`, { method: 'POST', json: { benchmarks: [{}] } });
    expect(res.status).toBe(202);
    const { data } = (await res.json()) as { data: { job: { id: number } } };
    const job = (await (await admin.fetch(`${API}/job/${data.job.id}`)).json()) as { data: { status: string; error: string } };
    expect(job.data).toMatchObject({ status: 'failed', error: FAILED });
    const result = await admin.fetch(`${API}/job/${data.job.id}/result`);
    expect(result.status).toBe(409);
    expect(((await result.json()) as { message: string }).message).toBe(FAILED);
    errors.mockRestore();
  });
});
