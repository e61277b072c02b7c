import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { apiTokens, companies, companyAdmins, loginLogs, projectUsers, users } from '../../db/schema';
import { GROUPS } from '../../../shared/permissions';
import type { UserListQuery } from '../../../shared/validation/users';
import { requireUserRole, visibleUsers } from './access';
import { staffAccount } from './staff';

/** The list columns of a user: last login (login log) and two-factor state included, one query. */
export function userListColumns(now: Date) {
  return {
    id: users.id,
    fullname: users.fullname,
    email: users.email,
    company_id: users.companyId,
    company: companies.name,
    group_id: users.groupId,
    is_root: users.isRoot,
    is_company_admin: sql<number>`exists(select 1 from ${companyAdmins} where ${companyAdmins.userId} = ${users.id} and ${companyAdmins.companyId} = ${users.companyId})`.mapWith(Boolean),
    two_factor: sql<number>`${users.twoFactorConfirmedAt} is not null`.mapWith(Boolean),
    must_change_password: users.mustChangePassword,
    last_login_at: sql<number | null>`(select max(${loginLogs.loggedInAt}) from ${loginLogs} where ${loginLogs.userId} = ${users.id})`.mapWith((v: number | null) => (v === null ? null : new Date(Number(v)).toISOString())),
    demo_expires_at: users.demoExpiresAt,
    demo_expired: sql<number>`${users.demoExpiresAt} is not null and ${users.demoExpiresAt} <= ${now.getTime()}`.mapWith(Boolean),
    projects: sql<number>`(select count(*) from ${projectUsers} where ${projectUsers.userId} = ${users.id})`.mapWith(Number),
    active_tokens: sql<number>`(select count(*) from ${apiTokens} where ${apiTokens.userId} = ${users.id} and ${apiTokens.revokedAt} is null and (${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > ${now.getTime()}))`.mapWith(Number),
    lime_user_id: users.limeUserId,
    deleted_at: users.deletedAt,
  };
}

/**
 * GET user (user.view): the users the actor may see — their company's, root users all — as
 * `kind` users (everyone but demo accounts), demo (demo accounts) or api (group Api); `deleted=1`
 * lists the soft-deleted ones, which an admin can restore. Panel members are never in it (they
 * have their own list, GET user/panel-member).
 */
export async function listUsers(ctx: UserServiceContext, query: UserListQuery = {}) {
  requireUserRole(ctx.user, 'user.view');
  const kind = query.kind ?? 'users';
  const filters = [
    visibleUsers(ctx.user, query.deleted === '1'),
    staffAccount(),
    kind === 'demo' ? isNotNull(users.demoExpiresAt) : isNull(users.demoExpiresAt),
    kind === 'api' ? eq(users.groupId, GROUPS.Api) : undefined,
    query.company_id ? eq(users.companyId, query.company_id) : undefined,
  ];
  return ctx.db
    .select(userListColumns(ctx.now))
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(...filters))
    .orderBy(asc(users.fullname), asc(users.id));
}

export type UserListRow = Awaited<ReturnType<typeof listUsers>>[number];
