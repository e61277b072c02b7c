import { desc, sql, type SQL } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reports, reportSections } from '../../db/schema';
import { adminCompany, requireAdminRole } from './scope';
import { SOFT_DELETABLE, deletedWhere, type SoftDeletable } from './soft-deletables';

/**
 * What a restore would bring back with the item: the rows that were deleted in the same action
 * (same deleted_at), plus report content that a delete keeps until the permanent delete.
 */
function childCounts(resource: SoftDeletable): Record<string, SQL<number>> {
  if (resource === 'project')
    return {
      subProjects: sql<number>`(select count(*) - 1 from ${projects} p where p.deleted_at = "projects"."deleted_at" and p.id in (with recursive tree(id) as (select "projects"."id" union select c.id from ${projects} c join tree on c.parent_project_id = tree.id) select id from tree))`,
      reports: sql<number>`(select count(*) from ${reports} r where r.deleted_at = "projects"."deleted_at" and r.project_id in (with recursive tree(id) as (select "projects"."id" union select c.id from ${projects} c join tree on c.parent_project_id = tree.id) select id from tree))`,
    };
  if (resource === 'report')
    return {
      variants: sql<number>`(select count(*) from ${reports} v where v.parent_report_id = "reports"."id" and v.deleted_at = "reports"."deleted_at")`,
      sections: sql<number>`(select count(*) from ${reportSections} s where s.report_id = "reports"."id")`,
    };
  return {};
}

/** GET admin/softDeletes/{resource}: deleted items, newest first, with what comes back on restore. */
export async function listSoftDeletes(ctx: UserServiceContext, resource: SoftDeletable) {
  requireAdminRole(ctx.user, 'admin.view');
  const r = SOFT_DELETABLE[resource];
  const fields = { id: r.table.id, title: r.title, companyId: r.company, deletedAt: r.table.deletedAt, ...childCounts(resource) } as unknown as Record<string, SQL>;
  const rows = (await ctx.db
    .select(fields)
    .from(r.table as typeof projects)
    .where(deletedWhere(resource, adminCompany(ctx.user)))
    .orderBy(desc(r.table.deletedAt), desc(r.table.id))
    .limit(500)) as unknown as ({ id: number; title: string; companyId: unknown; deletedAt: Date } & Record<string, unknown>)[];
  return rows.map(({ id, title, companyId, deletedAt, ...children }) => ({
    resource,
    id,
    title,
    company_id: companyId === null ? null : Number(companyId),
    deleted_at: new Date(deletedAt).toISOString(),
    children: Object.fromEntries(Object.entries(children).map(([k, v]) => [k, Number(v)])),
  }));
}
