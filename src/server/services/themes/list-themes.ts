import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companyThemes, themes } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { hasRole } from '../../../shared/permissions';
import type { ThemeType } from '../../../shared/theme';
import { managesCompany } from '../companies/access';
import { presentTheme, visibleThemes } from './access';

/**
 * GET theme[?company_id=&type=] (company.view): the themes the actor sees; for a company (default:
 * their own) each theme says whether the company has it (`attached`) and uses it (`in_use`), and
 * whether the actor may change it (`editable`).
 */
export async function listThemes(ctx: UserServiceContext, query: { company_id?: number; type?: ThemeType } = {}) {
  if (!hasRole(ctx.user, 'company.view')) throw new AppError('FORBIDDEN', nl.forbidden);
  const companyId = query.company_id ?? ctx.user.companyId;
  if (!ctx.user.isRoot && companyId !== ctx.user.companyId) throw new AppError('NOT_FOUND', nl.notFound);
  const rows = await ctx.db
    .select({ theme: themes, attached: sql<number>`${companyThemes.themeId} is not null`.mapWith(Boolean), inUse: sql<number>`coalesce(${companyThemes.isDefault}, 0)`.mapWith(Boolean) })
    .from(themes)
    .leftJoin(companyThemes, and(eq(companyThemes.themeId, themes.id), eq(companyThemes.companyId, companyId ?? -1)))
    .where(and(visibleThemes(ctx.user), query.type ? eq(themes.type, query.type) : undefined, ctx.user.isRoot && query.company_id ? sql`(${themes.companyId} is null or ${themes.companyId} = ${query.company_id})` : undefined))
    .orderBy(asc(themes.type), asc(themes.name), asc(themes.id));
  return rows.map(({ theme, attached, inUse }) => ({
    ...presentTheme(theme),
    attached,
    in_use: inUse,
    editable: hasRole(ctx.user, 'company.edit') && (theme.companyId === null ? ctx.user.isRoot : managesCompany(ctx.user, theme.companyId)),
  }));
}
