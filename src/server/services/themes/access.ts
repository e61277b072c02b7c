import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { UserServiceContext } from '../../context';
import { themes } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { themesNl } from '../../../shared/i18n/themes';
import { hasRole } from '../../../shared/permissions';
import { managesCompany } from '../companies/access';

export type ThemeRow = typeof themes.$inferSelect;

/** System themes are everyone's; a company's own themes only its users' (root users: all). */
export function visibleThemes(actor: SessionUser): SQL | undefined {
  if (actor.isRoot) return undefined;
  return or(isNull(themes.companyId), eq(themes.companyId, actor.companyId ?? -1));
}

/** Changing a theme: system themes are root users', a company's themes its admins' (company.edit). */
export function assertManagesTheme(actor: SessionUser, theme: Pick<ThemeRow, 'companyId'>): void {
  if (!hasRole(actor, 'company.edit')) throw new AppError('FORBIDDEN', nl.forbidden);
  if (theme.companyId === null ? !actor.isRoot : !managesCompany(actor, theme.companyId)) throw new AppError('FORBIDDEN', themesNl.rootOnly);
}

export async function findTheme(ctx: UserServiceContext, id: number, opts: { manage?: boolean } = {}): Promise<ThemeRow> {
  const [row] = await ctx.db.select().from(themes).where(and(eq(themes.id, id), visibleThemes(ctx.user)));
  if (!row) throw new AppError('NOT_FOUND', nl.notFound);
  if (opts.manage) assertManagesTheme(ctx.user, row);
  return row;
}

/** A theme as the API answers it. */
export function presentTheme(row: ThemeRow) {
  return {
    id: row.id,
    company_id: row.companyId,
    name: row.name,
    type: row.type,
    default: row.isDefault,
    theme: row.fields,
    has_image: row.headerImageKey !== null,
    updated_at: row.updatedAt.toISOString(),
  };
}
