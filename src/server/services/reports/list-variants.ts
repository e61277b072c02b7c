import { and, asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reports } from '../../db/schema';
import { findReport, requireReportRole, visibleReports } from './access';
import { presentReport } from './present';

/** GET report/{id}/variant: the sub-reports of a report (parent_report_id = id) the user may see, archived ones included. */
export async function listVariants(ctx: UserServiceContext, reportId: number) {
  requireReportRole(ctx.user, 'dashboard.view');
  await findReport(ctx, reportId);
  const rows = await ctx.db
    .select({ report: reports })
    .from(reports)
    .innerJoin(projects, eq(projects.id, reports.projectId))
    .where(and(eq(reports.parentReportId, reportId), visibleReports(ctx.user)))
    .orderBy(asc(reports.title), asc(reports.id));
  return rows.map((r) => presentReport(r.report));
}
