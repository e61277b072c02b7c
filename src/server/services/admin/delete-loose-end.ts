import { auditRow } from '../audit/audit-row';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, jobs, panels, projects, reportCharts, reportDataLocations, reports, reportSections, users } from '../../db/schema';
import { AppError } from '../../errors';
import { adminNl } from '../../../shared/i18n/admin';
import { looseEndsNl } from '../../../shared/i18n/admin-loose-ends';
import { projectAndDescendants } from '../projects/tree';
import { listLooseEnds } from './list-loose-ends';
import type { LooseEndType } from './loose-end-types';
import { notFound, requireAdminRole } from './scope';

/**
 * DELETE admin/looseEnd/{id}?type=: removes a record that is (still) a loose end. Items that have a
 * soft delete go to the deleted items (restorable there); parts of a report, failed jobs and data
 * locations are removed for good.
 */
export async function deleteLooseEnd(ctx: UserServiceContext, type: LooseEndType, id: number) {
  requireAdminRole(ctx.user, 'admin.delete');
  const all = await listLooseEnds(ctx);
  const item = all[type].find((e) => e.id === id);
  if (!item) throw notFound();
  const now = ctx.now;
  const db = ctx.db;
  const action = (() => {
    switch (type) {
      case 'Report':
        return [db.update(reports).set({ deletedAt: now }).where(and(or(eq(reports.id, id), eq(reports.parentReportId, id)), isNull(reports.deletedAt)))];
      case 'Project': {
        const tree = projectAndDescendants(id);
        return [
          db.update(reports).set({ deletedAt: now }).where(and(inArray(reports.projectId, tree), isNull(reports.deletedAt))),
          db.update(projects).set({ deletedAt: now }).where(and(inArray(projects.id, tree), isNull(projects.deletedAt))),
        ];
      }
      case 'Company':
        return [db.update(companies).set({ deletedAt: now }).where(eq(companies.id, id))];
      case 'User':
        return [db.update(users).set({ deletedAt: now }).where(eq(users.id, id))];
      case 'Panel':
        return [db.update(panels).set({ deletedAt: now }).where(eq(panels.id, id))];
      case 'Section':
        return [db.delete(reportSections).where(eq(reportSections.id, id))];
      case 'Chart':
        return [db.delete(reportCharts).where(eq(reportCharts.id, id))];
      case 'FailedJob':
        return [db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))];
      case 'DataLocation':
        return [db.delete(reportDataLocations).where(eq(reportDataLocations.id, id))];
      default:
        throw new AppError('VALIDATION', looseEndsNl.unknownType);
    }
  })();
  await db.batch([
    ...(action as [(typeof action)[number]]),
    auditRow(ctx, { action: 'loose-end-delete', resource: type, resourceId: id, companyId: item.company_id, summary: adminNl.audit.looseEnd(looseEndsNl.tabs[type] ?? type, item.title) }, db),
  ]);
  return { type, id };
}
