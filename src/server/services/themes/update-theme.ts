import { auditRow } from '../audit/audit-row';
import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { themes } from '../../db/schema';
import { AppError } from '../../errors';
import { themesNl } from '../../../shared/i18n/themes';
import type { ThemeUpdate } from '../../../shared/validation/themes';
import { findTheme, presentTheme } from './access';
import { defaultStatements } from './create-theme';
import { mergeThemeFields } from './fields';

/** PUT theme/{id} (company.edit): name and fields (null = inherit again); the default flag for system themes. */
export async function updateTheme(ctx: UserServiceContext, id: number, input: ThemeUpdate) {
  const theme = await findTheme(ctx, id, { manage: true });
  if (input.is_default !== undefined && theme.companyId !== null) {
    throw new AppError('VALIDATION', themesNl.defaultSystemOnly, { is_default: [themesNl.defaultSystemOnly] });
  }
  if (input.is_default === false && theme.isDefault) throw new AppError('CONFLICT', themesNl.defaultDelete);
  const fields = mergeThemeFields(theme.fields, input.fields);
  const update = ctx.db.update(themes).set({ name: input.name ?? theme.name, fields }).where(eq(themes.id, id));
  const audit = auditRow(ctx, { action: 'theme.update', resource: 'theme', resourceId: id, companyId: theme.companyId, summary: `Thema gewijzigd: ${input.name ?? theme.name}${input.is_default && !theme.isDefault ? ' (nu standaard)' : ''}` });
  if (input.is_default && !theme.isDefault) await ctx.db.batch([update, audit, ...defaultStatements(ctx, id, theme.type)]);
  else await ctx.db.batch([update, audit]);
  return presentTheme({ ...theme, name: input.name ?? theme.name, fields, isDefault: input.is_default ?? theme.isDefault });
}
