import { and, eq, type SQL } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { jobs } from '../../db/schema';
import type { StoredFile } from '../../files/store';
import { AppError, nl } from '../../errors';
import { reportExportNl } from '../../../shared/i18n/report-export';
import { EXPORT_PDF_JOB, exportKey } from './export-kind';

/** GET job/{id}/result: the finished export's PDF, only for the user who started it (or root). */
export async function getExportResult(ctx: UserServiceContext, jobId: number): Promise<{ file: StoredFile; filename: string }> {
  const mine: SQL | undefined = ctx.user.isRoot ? undefined : eq(jobs.createdBy, ctx.user.id);
  const [job] = await ctx.db.select().from(jobs).where(and(eq(jobs.id, jobId), eq(jobs.kind, EXPORT_PDF_JOB), mine));
  if (!job) throw new AppError('NOT_FOUND', nl.notFound);
  if (job.status === 'failed') throw new AppError('CONFLICT', reportExportNl.failed);
  if (job.status !== 'done') throw new AppError('CONFLICT', reportExportNl.notReady);
  const file = await ctx.jobs?.files.get(exportKey(job.id));
  if (!file) throw new AppError('NOT_FOUND', nl.notFound);
  return { file, filename: String(job.result?.filename ?? 'rapportage.pdf') };
}
