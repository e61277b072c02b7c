import { auditRow } from '../audit/audit-row';
import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { themes } from '../../db/schema';
import { AppError } from '../../errors';
import { themesNl } from '../../../shared/i18n/themes';
import { findTheme } from './access';

/** DELETE theme/{id} (company.edit): companies using it fall back to the default; the default itself stays. */
export async function deleteTheme(ctx: UserServiceContext, id: number): Promise<void> {
  const theme = await findTheme(ctx, id, { manage: true });
  if (theme.isDefault) throw new AppError('CONFLICT', themesNl.defaultDelete);
  await ctx.db.batch([
    ctx.db.delete(themes).where(eq(themes.id, id)),
    auditRow(ctx, { action: 'theme.delete', resource: 'theme', resourceId: id, companyId: theme.companyId, summary: `Thema verwijderd: ${theme.name}` }),
  ]);
  if (theme.headerImageKey) await ctx.jobs?.files.delete(theme.headerImageKey);
}
