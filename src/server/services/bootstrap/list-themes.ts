import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { themes } from '../../db/schema';
import type { UserServiceContext } from '../../context';

/** Themes the user's company may use: the system themes plus the company's own (bootstrap `themes`/`pdfThemes`). */
export async function listThemes(ctx: UserServiceContext, type: 'vue' | 'pdf') {
  const company = ctx.user.companyId === null ? isNull(themes.companyId) : or(isNull(themes.companyId), eq(themes.companyId, ctx.user.companyId));
  const rows = await ctx.db
    .select()
    .from(themes)
    .where(and(eq(themes.type, type), company))
    .orderBy(asc(themes.id));
  return rows.map((t) => ({ id: t.id, company_id: t.companyId, name: t.name, type: t.type, default: t.isDefault, theme: t.fields }));
}
