import { auditRow } from '../audit/audit-row';
import type { UserServiceContext } from '../../context';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import type { ReportDataBody } from '../../../shared/validation/report-data';
import { presentJob } from '../jobs/get-job';
import { buildReportPdf } from './build-report-pdf';
import type { ExportJobPayload } from './export-job';
import { EXPORT_PDF_JOB } from './export-kind';
import { loadExportReport } from './load-export-report';

/** Up to this many charts the PDF is drawn within the request; larger reports become a job. */
export const MAX_INLINE_CHARTS = 40;

export type ExportOutcome = { kind: 'pdf'; bytes: Uint8Array; filename: string } | { kind: 'job'; job: ReturnType<typeof presentJob> };

/**
 * POST report/{id}/export: the report as PDF for the benchmarks of the request. Needs
 * dashboard.export (and dashboard.view, which the data call checks) and the report's pdf_export flag.
 */
export async function exportReport(ctx: UserServiceContext, reportId: number, body: ReportDataBody): Promise<ExportOutcome> {
  if (!hasRole(ctx.user, 'dashboard.export')) throw new AppError('FORBIDDEN', nl.forbidden);
  const loaded = await loadExportReport(ctx, reportId, body);
  const charts = loaded.sections.reduce((n, s) => n + s.charts.length, 0);
  await auditRow(ctx, { action: 'report.export.pdf', resource: 'report', resourceId: reportId, companyId: loaded.project.companyId, summary: `PDF van rapportage gemaakt: ${loaded.report.title}` });
  if (charts > MAX_INLINE_CHARTS && ctx.jobs) {
    const payload: ExportJobPayload = { reportId, body, user: ctx.user };
    const job = await ctx.jobs.enqueue(EXPORT_PDF_JOB, payload, ctx.user.id);
    return { kind: 'job', job: presentJob(job) };
  }
  const bytes = await buildReportPdf(ctx, loaded, body);
  return { kind: 'pdf', bytes, filename: `${loaded.report.title}.pdf` };
}
