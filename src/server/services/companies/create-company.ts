import { auditRow } from '../audit/audit-row';
import { and, isNull, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { companiesNl } from '../../../shared/i18n/companies';
import { hasRole } from '../../../shared/permissions';
import type { CompanyInput } from '../../../shared/validation/companies';
import { getCompany } from './get-company';

/** Names are unique among active companies (case-insensitive), so pickers stay unambiguous. */
export async function assertNameFree(ctx: UserServiceContext, name: string, except?: number): Promise<void> {
  const [taken] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.name}) = lower(${name})`, isNull(companies.deletedAt), except ? sql`${companies.id} <> ${except}` : undefined));
  if (taken) throw new AppError('CONFLICT', companiesNl.nameTaken, { name: [companiesNl.nameTaken] });
}

/** POST company (company.create): only root users make companies; the tenants' boundary is theirs. */
export async function createCompany(ctx: UserServiceContext, input: CompanyInput) {
  if (!hasRole(ctx.user, 'company.create')) throw new AppError('FORBIDDEN', nl.forbidden);
  if (!ctx.user.isRoot) throw new AppError('FORBIDDEN', companiesNl.rootOnly);
  await assertNameFree(ctx, input.name);
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(companies).values({ name: input.name }).returning({ id: companies.id }),
    auditRow(ctx, { action: 'company.create', resource: 'company', companyId: null, summary: `Organisatie aangemaakt: ${input.name}` }),
  ]);
  return getCompany(ctx, row!.id);
}
