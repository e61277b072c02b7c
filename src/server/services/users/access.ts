import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { UserServiceContext } from '../../context';
import { companyAdmins, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { hasRole, type Role } from '../../../shared/permissions';

export type UserRow = typeof users.$inferSelect;

export const notFound = () => new AppError('NOT_FOUND', nl.notFound);

export function requireUserRole(user: SessionUser, role: Role): void {
  if (!hasRole(user, role)) throw new AppError('FORBIDDEN', nl.forbidden);
}

/**
 * Which users an actor can see (ARCHITECTURE §7): root users all, everyone else the users of
 * their own company. `deleted` selects the soft-deleted ones instead of the active ones.
 */
export function visibleUsers(actor: SessionUser, deleted = false): SQL {
  const state = deleted ? isNotNull(users.deletedAt) : isNull(users.deletedAt);
  if (actor.isRoot) return state;
  return and(state, eq(users.companyId, actor.companyId ?? -1))!;
}

/** A user the actor may see (self always); another company's user is a 404, never a 403. */
export async function findUser(ctx: UserServiceContext, id: number, opts: { deleted?: boolean } = {}): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(and(eq(users.id, id), visibleUsers(ctx.user, opts.deleted)));
  if (!row) throw notFound();
  return row;
}

/** Reading another user's page needs user.view; one's own profile only a login. */
export async function findReadableUser(ctx: UserServiceContext, id: number): Promise<UserRow> {
  if (id !== ctx.user.id) requireUserRole(ctx.user, 'user.view');
  return findUser(ctx, id);
}

/**
 * The rules of managing another user (README "Users and organisations"): root users manage
 * everyone, company admins the users of their own company; nobody manages a root user or a user
 * of a group with more rights than their own unless they are root themselves.
 */
export function assertManages(actor: SessionUser, target: Pick<UserRow, 'companyId' | 'groupId' | 'isRoot'>): void {
  if (actor.isRoot) return;
  if (!actor.isCompanyAdmin || actor.companyId === null || target.companyId !== actor.companyId) {
    throw new AppError('FORBIDDEN', usersNl.notYours);
  }
  if (target.isRoot || target.groupId < actor.groupId) throw new AppError('FORBIDDEN', usersNl.higherGroup);
}

/** Loads a user the actor may manage with the given role (404 when invisible, 403 when not theirs). */
export async function findManagedUser(ctx: UserServiceContext, id: number, role: Role, opts: { deleted?: boolean } = {}): Promise<UserRow> {
  requireUserRole(ctx.user, role);
  const target = await findUser(ctx, id, opts);
  assertManages(ctx.user, target);
  return target;
}

/** Nobody lowers their own rights (group, roles, admin flag) or deletes themselves. */
export function assertNotSelf(ctx: UserServiceContext, targetId: number, message: string = usersNl.selfDemote): void {
  if (targetId === ctx.user.id) throw new AppError('CONFLICT', message);
}

/** Active admins of a company (deleted users don't count). */
export function activeAdminCount(ctx: UserServiceContext, companyId: number) {
  return ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(companyAdmins)
    .innerJoin(users, eq(users.id, companyAdmins.userId))
    .where(and(eq(companyAdmins.companyId, companyId), isNull(users.deletedAt)));
}

/**
 * A company keeps at least one admin: refuses when `userId` is one of the company's active admins
 * and the last one. Called before a user is deleted, transferred or loses the admin flag.
 */
export async function assertNotLastAdmin(ctx: UserServiceContext, companyId: number | null, userId: number): Promise<void> {
  if (companyId === null) return;
  const [[isAdmin], [count]] = await ctx.db.batch([
    ctx.db
      .select({ userId: companyAdmins.userId })
      .from(companyAdmins)
      .where(and(eq(companyAdmins.companyId, companyId), eq(companyAdmins.userId, userId))),
    activeAdminCount(ctx, companyId),
  ]);
  if (isAdmin && Number(count?.n ?? 0) <= 1) throw new AppError('CONFLICT', usersNl.lastAdmin);
}

/** Demo accounts: a demo user is one with an expiry date. */
export const isDemo = (user: Pick<UserRow, 'demoExpiresAt'>) => user.demoExpiresAt !== null;
