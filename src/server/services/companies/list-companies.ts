import { asc, sql, type SQL } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, companyAdmins, projects, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import { managesCompany, visibleCompanies } from './access';

// Subqueries are nested SQL: drizzle strips table names only from a single-table selection's top level.
const subquery = <T>(inner: SQL) => sql<T>`(${inner})`;

/** The overview columns of a company: counts and the admins' names in the same query. */
export const companyColumns = {
  id: companies.id,
  name: companies.name,
  users: subquery<number>(sql`select count(*) from ${users} where ${users.companyId} = ${companies.id} and ${users.deletedAt} is null`).mapWith(Number),
  projects: subquery<number>(sql`select count(*) from ${projects} where ${projects.companyId} = ${companies.id} and ${projects.deletedAt} is null`).mapWith(Number),
  admins: subquery<string>(
    sql`select coalesce(json_group_array(${users.fullname}), '[]') from ${companyAdmins} join ${users} on ${users.id} = ${companyAdmins.userId} where ${companyAdmins.companyId} = ${companies.id} and ${users.deletedAt} is null`,
  ).mapWith((v: string) => (JSON.parse(v) as string[]).sort((a, b) => a.localeCompare(b, 'nl'))),
};

/** GET company (company.view): the companies the actor sees, `editable` when they manage it. */
export async function listCompanies(ctx: UserServiceContext) {
  if (!hasRole(ctx.user, 'company.view')) throw new AppError('FORBIDDEN', nl.forbidden);
  const rows = await ctx.db.select(companyColumns).from(companies).where(visibleCompanies(ctx.user)).orderBy(asc(companies.name));
  return rows.map((row) => ({ ...row, editable: managesCompany(ctx.user, row.id) && hasRole(ctx.user, 'company.edit') }));
}

/** GET company/index-items[/all]: id and name for pickers (`all` is the same list; only root users see more than their own). */
export async function listCompanyIndexItems(ctx: UserServiceContext) {
  if (!hasRole(ctx.user, 'company.view')) throw new AppError('FORBIDDEN', nl.forbidden);
  return ctx.db.select({ id: companies.id, name: companies.name }).from(companies).where(visibleCompanies(ctx.user)).orderBy(asc(companies.name));
}
