import { and, eq, ne, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companyThemes, themes } from '../../db/schema';
import { AppError } from '../../errors';
import { companiesNl } from '../../../shared/i18n/companies';
import { findTheme } from '../themes/access';
import { findCompany } from './access';
import { getCompany } from './get-company';

/** A theme the company may have: a system theme or one of its own (others: 422). */
async function usableTheme(ctx: UserServiceContext, companyId: number, themeId: number) {
  const theme = await findTheme(ctx, themeId);
  if (theme.companyId !== null && theme.companyId !== companyId) {
    throw new AppError('VALIDATION', companiesNl.themeNotUsable, { tid: [companiesNl.themeNotUsable] });
  }
  return theme;
}

/** PUT/DELETE company/{id}/theme/{tid} (company.edit): the company has the theme available, or not any more. */
export async function setCompanyTheme(ctx: UserServiceContext, companyId: number, themeId: number, attach: boolean) {
  await findCompany(ctx, companyId, 'company.edit', { manage: true });
  await usableTheme(ctx, companyId, themeId);
  if (attach) await ctx.db.insert(companyThemes).values({ companyId, themeId }).onConflictDoNothing();
  else {
    const result = await ctx.db.delete(companyThemes).where(and(eq(companyThemes.companyId, companyId), eq(companyThemes.themeId, themeId)));
    if (result.rowsAffected !== 1) throw new AppError('NOT_FOUND', companiesNl.themeNotAttached);
  }
  return getCompany(ctx, companyId);
}

/**
 * PUT company/{id}/defaultTheme/{tid} (company.edit): the company uses this theme for its type
 * (attached if needed; the previous one of that type is no longer in use). DELETE: the company
 * goes back to the system default for that type.
 */
export async function setCompanyDefaultTheme(ctx: UserServiceContext, companyId: number, themeId: number, use: boolean) {
  await findCompany(ctx, companyId, 'company.edit', { manage: true });
  const theme = await usableTheme(ctx, companyId, themeId);
  if (use) {
    const sameType = sql`${companyThemes.themeId} in (select ${themes.id} from ${themes} where ${themes.type} = ${theme.type})`;
    await ctx.db.batch([
      ctx.db.update(companyThemes).set({ isDefault: false }).where(and(eq(companyThemes.companyId, companyId), ne(companyThemes.themeId, themeId), sameType)),
      ctx.db
        .insert(companyThemes)
        .values({ companyId, themeId, isDefault: true })
        .onConflictDoUpdate({ target: [companyThemes.companyId, companyThemes.themeId], set: { isDefault: true, updatedAt: ctx.now } }),
    ]);
  } else {
    const result = await ctx.db
      .update(companyThemes)
      .set({ isDefault: false })
      .where(and(eq(companyThemes.companyId, companyId), eq(companyThemes.themeId, themeId), eq(companyThemes.isDefault, true)));
    if (result.rowsAffected !== 1) throw new AppError('NOT_FOUND', companiesNl.themeNotAttached);
  }
  return getCompany(ctx, companyId);
}
