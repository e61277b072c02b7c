import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reports } from '../../db/schema';
import { read, readOne } from '../../db/reads';
import { requireReportRole, visibleReports } from './access';
import { presentReport } from './present';

/** The reports the user may see (visibleReports), not deleted; archived ones only when asked. */
export async function visibleReportRows(ctx: UserServiceContext, opts: { archived?: boolean; projectId?: number } = {}) {
  return readOne(ctx.db, visibleReportRowsRead(ctx, opts));
}

/** visibleReportRows's query, to share a request's batch (db/reads.ts). */
export function visibleReportRowsRead(ctx: UserServiceContext, opts: { archived?: boolean; projectId?: number } = {}) {
  const where: (SQL | undefined)[] = [visibleReports(ctx.user)];
  if (!opts.archived) where.push(isNull(reports.archivedAt));
  if (opts.projectId) where.push(eq(reports.projectId, opts.projectId));
  const query = ctx.db
    .select({ report: reports })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .where(and(...where))
    .orderBy(asc(reports.title), asc(reports.id));
  return read([query], ([rows]) => rows.map((r) => r.report));
}

/** GET report[?archived=1][&project_id=] */
export async function listReports(ctx: UserServiceContext, opts: { archived?: boolean; projectId?: number }) {
  requireReportRole(ctx.user, 'dashboard.view');
  return (await visibleReportRows(ctx, opts)).map((r) => presentReport(r));
}
