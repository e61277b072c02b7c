import { and, asc, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { projectRoles, projectStatuses, surveys, users } from '../../db/schema';
import { displayTitle } from '../surveys/present';
import { pickableStaff } from '../users/staff';
import { groupName } from '../../../shared/permissions';

/** Project statuses and project roles (bootstrap lookups) for the project forms, in one round trip. */
export async function listProjectLookups(ctx: UserServiceContext) {
  const [statuses, roles] = await ctx.db.batch([
    ctx.db.select({ id: projectStatuses.id, name: projectStatuses.name }).from(projectStatuses).orderBy(asc(projectStatuses.id)),
    ctx.db.select({ id: projectRoles.id, name: projectRoles.name }).from(projectRoles).orderBy(asc(projectRoles.id)),
  ]);
  return { statuses, roles };
}

/**
 * What the editors of a project pick from: the live staff (pickableStaff, each with their group)
 * and surveys of the project's organisation. The caller has already checked that the user may
 * edit the project.
 */
export async function listCompanyChoices(ctx: UserServiceContext, companyId: number) {
  const [people, found] = await ctx.db.batch([
    ctx.db
      .select({ id: users.id, fullname: users.fullname, email: users.email, groupId: users.groupId })
      .from(users)
      .where(and(eq(users.companyId, companyId), pickableStaff(ctx.now)))
      .orderBy(asc(users.fullname), asc(users.id)),
    ctx.db.select({ id: surveys.id, title: surveys.title, lsSid: surveys.lsSid }).from(surveys).where(and(eq(surveys.companyId, companyId), isNull(surveys.deletedAt))),
  ]);
  return {
    users: people.map(({ groupId, ...p }) => ({ ...p, group: groupName(groupId) ?? null })),
    surveys: found.map((s) => ({ id: s.id, displayTitle: displayTitle(s) })).sort((a, b) => a.displayTitle.localeCompare(b.displayTitle, 'nl')),
  };
}
