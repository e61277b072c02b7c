import { auditRow } from '../audit/audit-row';
import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projects, reports } from '../../db/schema';
import { AppError } from '../../errors';
import { adminNl } from '../../../shared/i18n/admin';
import { projectAndDescendants } from '../projects/tree';
import { listKeys } from './file-keys';
import { adminCompany, notFound, requireAdminRole } from './scope';
import { SOFT_DELETABLE, deletedWhere, type SoftDeletable } from './soft-deletables';

/** A foreign key that refuses the delete (e.g. an organisation that still has users). */
const isConstraint = (err: unknown) => /constraint/i.test(String((err as Error)?.message ?? err)) || /constraint/i.test(String((err as { cause?: unknown })?.cause ?? ''));

/** The R2 objects that belong to the item and go with it. */
async function ownedKeys(ctx: UserServiceContext, resource: SoftDeletable, id: number): Promise<string[]> {
  if (resource === 'project' || resource === 'report') {
    const which = resource === 'project' ? inArray(reports.projectId, projectAndDescendants(id)) : or(eq(reports.id, id), eq(reports.parentReportId, id));
    const rows = await ctx.db.select({ key: reports.imageKey }).from(reports).where(and(which, isNotNull(reports.imageKey)));
    return rows.map((r) => r.key!);
  }
  if (resource === 'survey') return [...(await listKeys(ctx, `cubes/${id}/`)), ...(await listKeys(ctx, `surveys/${id}/`))].map((o) => o.key);
  return [];
}

/**
 * DELETE admin/softDelete/{resource}/delete/{id}: removes a deleted item for good, with everything
 * under it (foreign keys cascade) and its files in R2. Only items that are soft-deleted.
 */
export async function purgeSoftDelete(ctx: UserServiceContext, resource: SoftDeletable, id: number) {
  requireAdminRole(ctx.user, 'admin.delete');
  const r = SOFT_DELETABLE[resource];
  const [row] = await ctx.db.select({ id: r.table.id, title: r.title, companyId: r.company }).from(r.table as typeof projects).where(deletedWhere(resource, adminCompany(ctx.user), id));
  if (!row) throw notFound();
  const keys = await ownedKeys(ctx, resource, id);
  try {
    await ctx.db.batch([
      ctx.db.delete(r.table as typeof projects).where(eq(r.table.id, id)),
      auditRow(ctx, {
        action: 'purge', resource, resourceId: id, companyId: resource === 'company' ? null : row.companyId === null ? null : Number(row.companyId),
        summary: adminNl.audit.purged(r.label, row.title, keys.length),
      }),
    ]);
  } catch (err) {
    if (isConstraint(err)) throw new AppError('CONFLICT', adminNl.softDeletes.inUse);
    throw err;
  }
  for (const key of keys) await ctx.jobs?.files.delete(key);
  return { resource, id, files: keys.length };
}
