import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import { projects, projectUsers } from '../../db/schema';

/**
 * Row-level rule for projects (ARCHITECTURE §7): root users see all, company admins their
 * company's, everyone else the projects they are a member of. Never shows soft-deleted rows.
 */
export function visibleProjects(user: SessionUser): SQL {
  const alive = sql`${projects.deletedAt} is null`;
  if (user.isRoot) return alive;
  const member = sql`exists(select 1 from ${projectUsers} where ${projectUsers.projectId} = ${projects.id} and ${projectUsers.userId} = ${user.id})`;
  if (user.isCompanyAdmin && user.companyId !== null) {
    return sql`${alive} and (${projects.companyId} = ${user.companyId} or ${member})`;
  }
  return sql`${alive} and ${member}`;
}
