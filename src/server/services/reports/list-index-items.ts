import type { UserServiceContext } from '../../context';
import { requireReportRole } from './access';
import { visibleReportRows } from './list-reports';

/** GET report/index-items: the light list for pickers (no settings), same visibility as GET report. */
export async function listReportIndexItems(ctx: UserServiceContext, opts: { archived?: boolean; projectId?: number }) {
  requireReportRole(ctx.user, 'dashboard.view');
  return (await visibleReportRows(ctx, opts)).map((r) => ({
    id: r.id,
    title: r.title,
    project_id: r.projectId,
    parent_report_id: r.parentReportId,
    status_id: r.statusId,
    archived: r.archivedAt !== null,
  }));
}
