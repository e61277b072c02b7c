import { and, asc, desc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { UserServiceContext } from '../../context';
import { companies, loginLogs, roles, userRoles, users } from '../../db/schema';
import { groupName } from '../../../shared/permissions';
import { assertManages, notFound, requireUserRole, visibleUsers } from './access';
import { userListColumns } from './list-users';

/** Whether the actor may manage the target (for the screens; the services check again). */
export function mayManage(actor: SessionUser, target: { id: number; companyId: number | null; groupId: number; isRoot: boolean }): boolean {
  if (target.id === actor.id) return false;
  try {
    assertManages(actor, target);
    return true;
  } catch {
    return false;
  }
}

/**
 * GET user/{id}: one's own profile (login only) or, with user.view, a user of one's company (root
 * users: any). Roles, the last logins and the password date come in the same batch.
 */
export async function getUser(ctx: UserServiceContext, id: number) {
  if (id !== ctx.user.id) requireUserRole(ctx.user, 'user.view');
  const [[row], roleRows, logRows] = await ctx.db.batch([
    ctx.db
      .select({ ...userListColumns(ctx.now), password_changed_at: users.passwordChangedAt })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.id, id), visibleUsers(ctx.user))),
    ctx.db
      .select({ id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, id))
      .orderBy(asc(roles.name)),
    ctx.db
      .select({ at: loginLogs.loggedInAt, ip: loginLogs.ip })
      .from(loginLogs)
      .where(eq(loginLogs.userId, id))
      .orderBy(desc(loginLogs.loggedInAt), desc(loginLogs.id))
      .limit(2),
  ]);
  if (!row) throw notFound();
  const self = id === ctx.user.id;
  // On one's own profile the newest login is the current one; the previous one is worth showing.
  const shown = self ? logRows[1] : logRows[0];
  const { password_changed_at, ...user } = row;
  return {
    ...user,
    group: groupName(user.group_id) ?? null,
    roles: roleRows,
    role_ids: roleRows.map((r) => r.id),
    logs: {
      previous_login_at: shown?.at.toISOString() ?? null,
      previous_from_ip: shown?.ip ?? null,
      password_change_at: password_changed_at?.toISOString() ?? null,
    },
    self,
    editable: mayManage(ctx.user, { id, companyId: user.company_id, groupId: user.group_id, isRoot: user.is_root }),
  };
}

export type UserDetail = Awaited<ReturnType<typeof getUser>>;
