import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import { themes } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { read } from '../../db/reads';
import { preparedQuery } from '../../db/prepared';

/**
 * Themes the user's company may use: the system themes plus the company's own, split by type
 * (bootstrap `themes` = vue and `pdfThemes` = pdf), read with one query.
 */
export function themesRead(ctx: UserServiceContext) {
  const own = ctx.user.companyId !== null;
  const query = preparedQuery(
    ctx.db,
    `themes|company=${own}`,
    () => {
      const company = own ? or(isNull(themes.companyId), eq(themes.companyId, sql.placeholder('companyId'))) : isNull(themes.companyId);
      return ctx.db.select().from(themes).where(company).orderBy(asc(themes.id));
    },
    { companyId: ctx.user.companyId },
  );
  return read([query], ([rows]) => {
    const present = (type: 'vue' | 'pdf') =>
      rows.filter((t) => t.type === type).map((t) => ({ id: t.id, company_id: t.companyId, name: t.name, type: t.type, default: t.isDefault, theme: t.fields }));
    return { vue: present('vue'), pdf: present('pdf') };
  });
}
