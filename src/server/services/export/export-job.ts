import type { SessionUser } from '../../auth/sessions';
import type { UserServiceContext } from '../../context';
import { AppError } from '../../errors';
import type { JobDeps, JobHandler } from '../../jobs/types';
import { createMailer } from '../../mail/mailer';
import { reportExportNl } from '../../../shared/i18n/report-export';
import type { ReportDataBody } from '../../../shared/validation/report-data';
import { buildReportPdf } from './build-report-pdf';
import { loadExportReport } from './load-export-report';

import { EXPORT_PDF_JOB, exportKey } from './export-kind';

export { EXPORT_PDF_JOB, exportKey };

export interface ExportJobPayload {
  reportId: number;
  body: ReportDataBody;
  /** The requesting user as checked at enqueue time: the job sees exactly what they may see. */
  user: SessionUser;
  [key: string]: unknown;
}

/**
 * A service context for the job: the requester's user, no request config (nothing here mails) and
 * the job's files (cube blobs); no nested jobs — the export never starts one.
 */
function jobContext(deps: JobDeps, user: SessionUser): UserServiceContext {
  const config = { appEnv: 'production', libsqlUrl: '', mailFrom: '', helpdeskEmail: '' } as const;
  const jobs = {
    files: deps.files,
    enqueue: () => Promise.reject(new Error('an export job starts no other jobs')),
    redeliver: () => Promise.reject(new Error('an export job starts no other jobs')),
  };
  return { db: deps.db, user, now: deps.now(), config, mailer: createMailer(deps.db, config), jobs };
}

/** Job 'report.export-pdf': draws the report's PDF and stores it in R2 under exports/{jobId}.pdf. */
export const exportPdfJob: JobHandler = async (deps, job, progress) => {
  const payload = job.payload as ExportJobPayload;
  const ctx = jobContext(deps, payload.user);
  try {
    const loaded = await loadExportReport(ctx, payload.reportId, payload.body);
    const bytes = await buildReportPdf(ctx, loaded, payload.body, (f) => progress(f * 95));
    await deps.files.put(exportKey(job.id), bytes, 'application/pdf');
    return { key: exportKey(job.id), filename: `${loaded.report.title}.pdf`, bytes: bytes.byteLength };
  } catch (err) {
    if (err instanceof AppError) throw err;
    console.error(JSON.stringify({ level: 'error', jobId: job.id, kind: EXPORT_PDF_JOB, error: String(err), stack: (err as Error)?.stack }));
    // Not a permanent code: the queue retries; the user sees the export message of spec 001 §8.
    throw new AppError('FAILED_DEPENDENCY', reportExportNl.failed);
  }
};
