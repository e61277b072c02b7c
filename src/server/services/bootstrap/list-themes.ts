import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { themes } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { read } from '../../db/reads';

/**
 * Themes the user's company may use: the system themes plus the company's own, split by type
 * (bootstrap `themes` = vue and `pdfThemes` = pdf), read with one query.
 */
export function themesRead(ctx: UserServiceContext) {
  const company = ctx.user.companyId === null ? isNull(themes.companyId) : or(isNull(themes.companyId), eq(themes.companyId, ctx.user.companyId));
  const query = ctx.db.select().from(themes).where(company).orderBy(asc(themes.id));
  return read([query], ([rows]) => {
    const present = (type: 'vue' | 'pdf') =>
      rows.filter((t) => t.type === type).map((t) => ({ id: t.id, company_id: t.companyId, name: t.name, type: t.type, default: t.isDefault, theme: t.fields }));
    return { vue: present('vue'), pdf: present('pdf') };
  });
}
