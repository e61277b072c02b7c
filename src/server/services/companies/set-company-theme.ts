import { auditRow } from '../audit/audit-row';
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
  const usable = await usableTheme(ctx, companyId, themeId);
  const audit = auditRow(ctx, { action: attach ? 'company.theme.attach' : 'company.theme.detach', resource: 'theme', resourceId: themeId, companyId, summary: `Thema ${usable.name ?? themeId} ${attach ? 'gekoppeld aan' : 'losgekoppeld van'} de organisatie` });
  if (attach) await ctx.db.batch([ctx.db.insert(companyThemes).values({ companyId, themeId }).onConflictDoNothing(), audit]);
  else {
    const [attached] = await ctx.db.select({ themeId: companyThemes.themeId }).from(companyThemes).where(and(eq(companyThemes.companyId, companyId), eq(companyThemes.themeId, themeId)));
    if (!attached) throw new AppError('NOT_FOUND', companiesNl.themeNotAttached);
    await ctx.db.batch([ctx.db.delete(companyThemes).where(and(eq(companyThemes.companyId, companyId), eq(companyThemes.themeId, themeId))), audit]);
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
      auditRow(ctx, { action: 'company.theme.default', resource: 'theme', resourceId: themeId, companyId, summary: `Thema ${theme.name ?? themeId} is het standaardthema (${theme.type}) van de organisatie` }),
    ]);
  } else {
    const current = and(eq(companyThemes.companyId, companyId), eq(companyThemes.themeId, themeId), eq(companyThemes.isDefault, true));
    const [isDefault] = await ctx.db.select({ themeId: companyThemes.themeId }).from(companyThemes).where(current);
    if (!isDefault) throw new AppError('NOT_FOUND', companiesNl.themeNotAttached);
    await ctx.db.batch([
      ctx.db.update(companyThemes).set({ isDefault: false }).where(current),
      auditRow(ctx, { action: 'company.theme.default', resource: 'theme', resourceId: themeId, companyId, summary: `Thema ${theme.name ?? themeId} is niet langer het standaardthema (${theme.type}) van de organisatie` }),
    ]);
  }
  return getCompany(ctx, companyId);
}
