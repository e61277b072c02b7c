import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { userServiceContext } from '../context';
import { AppError } from '../errors';
import { requireRole, requireUser } from '../middleware/guards';
import { exportReport } from '../services/export/export-report';
import { getExportResult } from '../services/export/get-export-result';
import { reportExportNl } from '../../shared/i18n/report-export';
import { ChartDownloadInput, ReportDataBody } from '../../shared/validation/report-data';
import { recordChartDownload } from '../services/export/record-chart-download';
import { idParam } from './params';

/** attachment; filename="…" (ASCII fallback) plus filename* (UTF-8) so diacritics survive. */
function attachment(filename: string): string {
  const ascii = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  return `attachment; filename="${ascii || 'rapportage.pdf'}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function pdfResponse(c: AppContext, body: Uint8Array | ReadableStream<Uint8Array>, filename: string) {
  return c.body(body as never, 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': attachment(filename), 'Cache-Control': 'private, no-store' });
}

/** An unexpected failure while drawing: logged, answered with the export message of spec 001 §8. */
function exportFailed(c: AppContext, err: unknown) {
  if (err instanceof AppError) throw err;
  console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), error: String(err), stack: (err as Error)?.stack }));
  return c.json({ message: reportExportNl.failed, code: 'EXPORT_FAILED', requestId: c.get('requestId') }, 500);
}

/** PDF export of a report (spec 001 §7 Dashboard, §8): inline for small reports, a job for large ones. */
export const reportExportRoutes = new Hono<AppEnv>()
  // The browser makes a chart's CSV/Excel itself; it records the download here first (audit trail).
  .post('/report/:id/export/chart', requireRole('dashboard.view'), input.body(ChartDownloadInput), output.noContent('Vastgelegd in de audittrail; de browser maakt nu het bestand.'), async (c) => {
    await recordChartDownload(userServiceContext(c), idParam(c, 'id'), c.req.valid('json'));
    return c.body(null, 204);
  })
  .post('/report/:id/export', requireRole('dashboard.export'), input.body(ReportDataBody), output.file('application/pdf', 'De rapportage als PDF.', { job: 'Een grote rapportage: `data.job` is de taak; haal de PDF op met `GET /job/{id}/result` als die klaar is.' }), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    try {
      const outcome = await exportReport(userServiceContext(c), id, body);
      if (outcome.kind === 'job') return c.json({ data: { job: outcome.job } }, 202);
      return pdfResponse(c, outcome.bytes, outcome.filename);
    } catch (err) {
      return exportFailed(c, err);
    }
  })
  .get('/job/:id/result', requireUser, output.file('application/pdf', 'De PDF van een afgeronde exporttaak.'), async (c) => {
    const { file, filename } = await getExportResult(userServiceContext(c), idParam(c, 'id'));
    return pdfResponse(c, file.body, filename);
  });
