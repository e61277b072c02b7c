import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { UserServiceContext } from '../../context';
import { companies } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { hasRole, type Role } from '../../../shared/permissions';

export type CompanyRow = typeof companies.$inferSelect;

/** Root users see every company, everyone else their own. Deleted companies are gone. */
export function visibleCompanies(actor: SessionUser): SQL {
  const alive = isNull(companies.deletedAt);
  return actor.isRoot ? alive : and(alive, eq(companies.id, actor.companyId ?? -1))!;
}

/** Company admins manage their own company (name, admins, themes), root users every company. */
export function managesCompany(actor: SessionUser, companyId: number): boolean {
  return actor.isRoot || (actor.isCompanyAdmin && actor.companyId === companyId);
}

/** A company the actor may see with `role`; another company is a 404, not being its admin a 403. */
export async function findCompany(ctx: UserServiceContext, id: number, role: Role, opts: { manage?: boolean } = {}): Promise<CompanyRow> {
  if (!hasRole(ctx.user, role)) throw new AppError('FORBIDDEN', nl.forbidden);
  const [row] = await ctx.db.select().from(companies).where(and(eq(companies.id, id), visibleCompanies(ctx.user)));
  if (!row) throw new AppError('NOT_FOUND', nl.notFound);
  if (opts.manage && !managesCompany(ctx.user, id)) throw new AppError('FORBIDDEN', usersNl.notYours);
  return row;
}
