import { auditRow } from '../audit/audit-row';
import { and, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { jobs, users } from '../../db/schema';
import { AppError } from '../../errors';
import { surveysNl } from '../../../shared/i18n/surveys';
import { adminNl } from '../../../shared/i18n/admin';
import { presentJob } from '../jobs/get-job';
import { adminCompany, notFound, requireAdminRole } from './scope';

/** POST admin/job/{id}/restart ('Opnieuw proberen'): a failed job starts again with fresh attempts. */
export async function restartJob(ctx: UserServiceContext, jobId: number) {
  requireAdminRole(ctx.user, 'admin.edit');
  const company = adminCompany(ctx.user);
  const owner = sql`(select ${users.companyId} from ${users} where ${users.id} = ${jobs.createdBy})`;
  const [job] = await ctx.db
    .select({ id: jobs.id, kind: jobs.kind, company: owner })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'failed'), company === null ? undefined : sql`${owner} = ${company}`));
  if (!job) throw notFound();
  if (!ctx.jobs) throw new AppError('FAILED_DEPENDENCY', surveysNl.jobs.failed);
  await ctx.db.batch([
    ctx.db.update(jobs).set({ status: 'queued', attempts: 0, progress: 0, error: null, finishedAt: null, startedAt: null }).where(eq(jobs.id, jobId)),
    auditRow(ctx, { action: 'job-restart', resource: 'FailedJob', resourceId: jobId, companyId: job.company === null ? null : Number(job.company), summary: adminNl.audit.jobRestarted(jobId, job.kind) }),
  ]);
  await ctx.jobs.redeliver(jobId);
  const [after] = await ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
  return presentJob(after!);
}
