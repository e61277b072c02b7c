import { desc, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { auditLog, users } from '../../db/schema';
import { adminCompany, requireAdminRole } from './scope';

/** GET admin/audit: the audit log, newest first (read-only: no call changes or removes a row). */
export async function listAudit(ctx: UserServiceContext) {
  requireAdminRole(ctx.user, 'admin.view');
  const company = adminCompany(ctx.user);
  const rows = await ctx.db
    .select({ id: auditLog.id, action: auditLog.action, resource: auditLog.resource, resourceId: auditLog.resourceId, summary: auditLog.summary, createdAt: auditLog.createdAt, who: users.fullname })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(company === null ? undefined : sql`${auditLog.companyId} = ${company}`)
    .orderBy(desc(auditLog.id))
    .limit(500);
  return rows.map((r) => ({ id: r.id, action: r.action, resource: r.resource, resource_id: r.resourceId, summary: r.summary, who: r.who, created_at: r.createdAt.toISOString() }));
}
