import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, companyThemes, themes } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import { embedDomainList } from '../../../shared/validation/sharing';
import { managesCompany, visibleCompanies } from './access';
import { companyColumns } from './list-companies';
import { companyAdminRows } from './list-company-admins';

/**
 * GET company/{id} (company.view): the company with its admins, its themes (attached, with the one
 * in use per type) — one batch.
 */
export async function getCompany(ctx: UserServiceContext, id: number) {
  if (!hasRole(ctx.user, 'company.view')) throw new AppError('FORBIDDEN', nl.forbidden);
  const [[row], admins, themeRows] = await ctx.db.batch([
    ctx.db.select({ ...companyColumns, embedDomains: companies.embedDomains }).from(companies).where(and(eq(companies.id, id), visibleCompanies(ctx.user))),
    companyAdminRows(ctx.db, id),
    ctx.db
      .select({ id: themes.id, name: themes.name, type: themes.type, company_id: themes.companyId, default: sql<number>`${companyThemes.isDefault}`.mapWith(Boolean) })
      .from(companyThemes)
      .innerJoin(themes, eq(themes.id, companyThemes.themeId))
      .where(eq(companyThemes.companyId, id))
      .orderBy(asc(themes.type), asc(themes.name)),
  ]);
  if (!row) throw new AppError('NOT_FOUND', nl.notFound);
  const { embedDomains, ...company } = row;
  return {
    ...company,
    embed_domains: embedDomainList(embedDomains),
    admins,
    themes: themeRows,
    defaultThemes: themeRows.filter((t) => t.default),
    editable: managesCompany(ctx.user, id) && hasRole(ctx.user, 'company.edit'),
  };
}

export type CompanyDetail = Awaited<ReturnType<typeof getCompany>>;
