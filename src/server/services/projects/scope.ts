import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import { projects, projectUsers } from '../../db/schema';

const alive = () => sql`${projects.deletedAt} is null`;
const memberOf = (userId: number) =>
  sql`exists(select 1 from ${projectUsers} where ${projectUsers.projectId} = ${projects.id} and ${projectUsers.userId} = ${userId})`;

/**
 * Row-level rule for projects (ARCHITECTURE §7): root users see all, company admins their
 * company's, everyone else the projects they are a member of. Never shows soft-deleted rows.
 */
export function visibleProjects(user: SessionUser): SQL {
  if (user.isRoot) return alive();
  if (user.isCompanyAdmin && user.companyId !== null) {
    return sql`${alive()} and (${projects.companyId} = ${user.companyId} or ${memberOf(user.id)})`;
  }
  return sql`${alive()} and ${memberOf(user.id)}`;
}

/**
 * "My projects", the one definition every list uses (front page, overview, pickers): the
 * projects I am a member of, plus — for company admins and root users — every project of my own
 * organisation. Root users can additionally switch to all projects (visibleProjects).
 */
export function myProjects(user: SessionUser): SQL {
  if ((user.isRoot || user.isCompanyAdmin) && user.companyId !== null) {
    return sql`${alive()} and (${projects.companyId} = ${user.companyId} or ${memberOf(user.id)})`;
  }
  return sql`${alive()} and ${memberOf(user.id)}`;
}

/** 'Toon alle projecten' only where it shows more than my projects: root users. */
export const maySeeAllProjects = (user: SessionUser) => user.isRoot;
