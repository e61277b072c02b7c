import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { UserServiceContext } from '../../context';
import { projectRoles, projects, projectUsers, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { projectsNl } from '../../../shared/i18n/projects';
import { usersNl } from '../../../shared/i18n/users';
import { isPanelMemberGroup } from '../../../shared/permissions';
import { notFound, touchProject } from './access';
import { membersQuery, presentMember, type MemberRow } from './present';
import { visibleProjects } from './scope';

export interface MemberChecks {
  companyId: number;
  /** Of the users asked about: live users of the project's organisation. */
  ownUsers: Set<number>;
  /** Of ownUsers: panel members (group Panellid), who never become project members. */
  panelMembers: Set<number>;
  /** Of the users asked about: already members. */
  members: Set<number>;
  /** Of the project roles asked about: the ones that exist. */
  roles: Set<number>;
}

/**
 * What a member change needs to know, in one round trip: the project (404 when the user can't
 * open it), which users belong to its organisation, which are members, which roles exist.
 */
export async function memberChecks(ctx: UserServiceContext, projectId: number, userIds: number[], roleIds: number[]): Promise<MemberChecks> {
  const [project, own, members, roles] = await ctx.db.batch([
    ctx.db.select({ companyId: projects.companyId }).from(projects).where(and(eq(projects.id, projectId), visibleProjects(ctx.user))),
    ctx.db
      .select({ id: users.id, groupId: users.groupId })
      .from(users)
      .innerJoin(projects, eq(projects.companyId, users.companyId))
      .where(and(eq(projects.id, projectId), inArray(users.id, userIds), isNull(users.deletedAt))),
    ctx.db.select({ id: projectUsers.userId }).from(projectUsers).where(and(eq(projectUsers.projectId, projectId), inArray(projectUsers.userId, userIds))),
    ctx.db.select({ id: projectRoles.id }).from(projectRoles).where(inArray(projectRoles.id, roleIds)),
  ]);
  if (!project[0]) throw notFound();
  return { companyId: project[0].companyId, ownUsers: new Set(own.map((r) => r.id)), panelMembers: new Set(own.filter((r) => isPanelMemberGroup(r.groupId)).map((r) => r.id)), members: new Set(members.map((r) => r.id)), roles: new Set(roles.map((r) => r.id)) };
}

/** 422 on the field when one of the users is a panel member: citizens are never project members. */
export function refusePanelMembers(checks: MemberChecks, userIds: number[], field = 'user_id'): void {
  if (userIds.some((id) => checks.panelMembers.has(id))) throw new AppError('VALIDATION', usersNl.panelMemberNotPickable, { [field]: [usersNl.panelMemberNotPickable] });
}

/** 422 on the field unless every role id exists. */
export function requireRoles(checks: MemberChecks, roleIds: number[], field = 'project_role_id'): void {
  if (roleIds.some((id) => !checks.roles.has(id))) throw new AppError('VALIDATION', nl.validation, { [field]: [projectsNl.unknownLookup] });
}

/** Runs the writes, marks the project changed and reads the member list back, in one batch. */
export async function writeMembers(ctx: UserServiceContext, projectId: number, writes: BatchItem<'sqlite'>[]) {
  const results = await ctx.db.batch([...writes, touchProject(ctx, projectId), membersQuery(ctx.db, ctx.user, projectId)] as unknown as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return (results.at(-1) as MemberRow[]).map(presentMember);
}

/** The project's members as GET project/{id}/user answers them. */
export async function memberList(ctx: UserServiceContext, projectId: number, roleId?: number) {
  return ((await membersQuery(ctx.db, ctx.user, projectId, roleId)) as MemberRow[]).map(presentMember);
}
