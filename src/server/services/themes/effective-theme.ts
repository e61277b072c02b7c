import { and, eq, isNull, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyThemes, themes } from '../../db/schema';
import { overlayThemes, type EffectiveTheme, type ThemeFields, type ThemeType } from '../../../shared/theme';

/**
 * The rows that make a company's effective theme of one type: the system default and the theme
 * the company uses (a query builder, so the shell can put it in its batch; `companyId` may be a subquery).
 */
export function effectiveThemeRows(db: Db, companyId: number | null | SQLWrapper, type: ThemeType) {
  const chosen = sql`exists(select 1 from ${companyThemes} where ${companyThemes.themeId} = ${themes.id} and ${companyThemes.companyId} = ${companyId ?? -1} and ${companyThemes.isDefault} = 1)`;
  return db
    .select({ id: themes.id, companyId: themes.companyId, isDefault: themes.isDefault, fields: themes.fields, chosen: sql<number>`(${chosen})`.mapWith(Boolean) })
    .from(themes)
    .where(and(eq(themes.type, type), or(and(isNull(themes.companyId), eq(themes.isDefault, true)), chosen)));
}

type Row = Awaited<ReturnType<typeof effectiveThemeRows>>[number];

/** Spec 000 §3: the default theme overlaid with the company's chosen one. */
export function resolveEffectiveTheme(rows: Row[], type: ThemeType): EffectiveTheme & { themeId: number | null } {
  const base = rows.find((r) => r.companyId === null && r.isDefault && !r.chosen) ?? rows.find((r) => r.companyId === null && r.isDefault);
  const own = rows.find((r) => r.chosen);
  return { ...overlayThemes(type, base?.fields as ThemeFields | undefined, own?.fields as ThemeFields | undefined), themeId: own?.id ?? base?.id ?? null };
}

export async function loadEffectiveTheme(db: Db, companyId: number | null, type: ThemeType) {
  return resolveEffectiveTheme(await effectiveThemeRows(db, companyId, type), type);
}
