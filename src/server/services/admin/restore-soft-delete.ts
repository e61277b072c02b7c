import { auditRow } from '../audit/audit-row';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, projects, reports } from '../../db/schema';
import { AppError } from '../../errors';
import { adminNl } from '../../../shared/i18n/admin';
import { projectAndDescendants } from '../projects/tree';
import { adminCompany, notFound, requireAdminRole } from './scope';
import { SOFT_DELETABLE, deletedWhere, type SoftDeletable } from './soft-deletables';

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * POST admin/softDelete/{resource}/restore/{id}: the item and exactly the rows deleted with it (same
 * deleted_at): a project's sub-projects and reports, a report's variants. An item whose parent is
 * still deleted can't come back on its own (409).
 */
export async function restoreSoftDelete(ctx: UserServiceContext, resource: SoftDeletable, id: number) {
  requireAdminRole(ctx.user, 'admin.edit');
  const r = SOFT_DELETABLE[resource];
  const [row] = await ctx.db
    .select({ id: r.table.id, title: r.title, companyId: r.company, deletedAt: r.table.deletedAt })
    .from(r.table as typeof projects)
    .where(deletedWhere(resource, adminCompany(ctx.user), id));
  if (!row) throw notFound();
  const at = row.deletedAt!;
  const companyId = row.companyId === null ? null : Number(row.companyId);
  const restored: Record<string, number> = {};
  const writes = [];
  if (resource === 'project') {
    const [p] = await ctx.db.select({ parent: projects.parentProjectId, parentDeleted: sql<number | null>`(select deleted_at from ${projects} pp where pp.id = "projects"."parent_project_id")` }).from(projects).where(eq(projects.id, id));
    if (p?.parent && p.parentDeleted !== null) throw conflict(adminNl.softDeletes.parentDeleted);
    const tree = projectAndDescendants(id);
    const [counts] = await ctx.db
      .select({
        projects: sql<number>`(select count(*) from ${projects} where ${projects.id} in ${tree} and ${projects.deletedAt} = ${at.getTime()})`,
        reports: sql<number>`(select count(*) from ${reports} where ${reports.projectId} in ${tree} and ${reports.deletedAt} = ${at.getTime()})`,
      })
      .from(sql`(select 1)`);
    restored.project = Number(counts!.projects);
    restored.report = Number(counts!.reports);
    writes.push(
      ctx.db.update(reports).set({ deletedAt: null }).where(and(inArray(reports.projectId, tree), eq(reports.deletedAt, at))),
      ctx.db.update(projects).set({ deletedAt: null }).where(and(inArray(projects.id, tree), eq(projects.deletedAt, at))),
    );
  } else if (resource === 'report') {
    const [rep] = await ctx.db
      .select({ parentId: reports.parentReportId, projectDeleted: projects.deletedAt, parentDeleted: sql<number | null>`(select deleted_at from ${reports} pr where pr.id = "reports"."parent_report_id")` })
      .from(reports)
      .innerJoin(projects, eq(projects.id, reports.projectId))
      .where(eq(reports.id, id));
    if (rep?.projectDeleted) throw conflict(adminNl.softDeletes.projectDeleted);
    if (rep?.parentId && rep.parentDeleted !== null) throw conflict(adminNl.softDeletes.parentDeleted);
    const mine = and(or(eq(reports.id, id), eq(reports.parentReportId, id)), eq(reports.deletedAt, at));
    const [counts] = await ctx.db.select({ n: sql<number>`count(*)` }).from(reports).where(mine);
    restored.report = Number(counts!.n);
    writes.push(ctx.db.update(reports).set({ deletedAt: null }).where(mine));
  } else {
    if (resource !== 'company' && companyId !== null) {
      const [company] = await ctx.db.select({ deletedAt: companies.deletedAt }).from(companies).where(eq(companies.id, companyId));
      if (company?.deletedAt) throw conflict(adminNl.softDeletes.companyDeleted);
    }
    restored[resource] = 1;
    writes.push(ctx.db.update(r.table as typeof projects).set({ deletedAt: null }).where(eq(r.table.id, id)));
  }
  await ctx.db.batch([
    ...(writes as [(typeof writes)[number]]),
    auditRow(ctx, { action: 'restore', resource, resourceId: id, companyId, summary: adminNl.audit.restored(r.label, row.title, restored) }),
  ]);
  return { resource, id, restored };
}
