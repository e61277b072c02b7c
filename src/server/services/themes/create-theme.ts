import { auditRow } from '../audit/audit-row';
import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, companyThemes, themes } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { themesNl } from '../../../shared/i18n/themes';
import type { ThemeInput } from '../../../shared/validation/themes';
import { assertManagesTheme, presentTheme } from './access';
import { mergeThemeFields } from './fields';

/**
 * POST theme (company.edit): a company's own theme (its admins; it is attached to the company at
 * once) or, for root users without company_id, a system theme — the only kind that can be the
 * default every company's theme overlays.
 */
export async function createTheme(ctx: UserServiceContext, input: ThemeInput) {
  const companyId = input.company_id === undefined ? (ctx.user.isRoot ? null : ctx.user.companyId) : input.company_id;
  assertManagesTheme(ctx.user, { companyId });
  if (input.is_default && companyId !== null) throw new AppError('VALIDATION', themesNl.defaultSystemOnly, { is_default: [themesNl.defaultSystemOnly] });
  if (companyId !== null) {
    const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
    if (!company) throw new AppError('NOT_FOUND', nl.notFound);
  }
  const fields = mergeThemeFields({}, input.fields);
  const [row] = await ctx.db
    .insert(themes)
    .values({ companyId, name: input.name, type: input.type, isDefault: false, fields })
    .returning();
  const theme = row!;
  const follow = [
    auditRow(ctx, { action: 'theme.create', resource: 'theme', resourceId: theme.id, companyId, summary: `Thema aangemaakt: ${input.name} (${input.type})` }),
    ...(companyId !== null ? [ctx.db.insert(companyThemes).values({ companyId, themeId: theme.id })] : []),
    ...(input.is_default ? defaultStatements(ctx, theme.id, input.type) : []),
  ];
  await ctx.db.batch(follow as [(typeof follow)[number], ...(typeof follow)[number][]]);
  return presentTheme({ ...theme, isDefault: input.is_default ?? false });
}

/** One system default per type. */
export function defaultStatements(ctx: UserServiceContext, themeId: number, type: 'vue' | 'pdf') {
  return [
    ctx.db.update(themes).set({ isDefault: false }).where(and(eq(themes.type, type), isNull(themes.companyId), eq(themes.isDefault, true))),
    ctx.db.update(themes).set({ isDefault: true }).where(eq(themes.id, themeId)),
  ];
}
