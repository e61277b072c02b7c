import { eq } from 'drizzle-orm';
import { generateToken, hashToken } from '../../auth/tokens';
import type { UserServiceContext } from '../../context';
import { companies, panels } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { panelsNl } from '../../../shared/i18n/panels';
import type { PanelInput } from '../../../shared/validation/panels';
import { requirePanelRole } from './access';
import { presentPanel } from './present';

/** A new registration code: 80 random bits, 16 characters of base32 (short enough for a poster's QR code). */
export function newPanelToken() {
  const token = generateToken(10);
  return { token, tokenHash: hashToken(token) };
}

/** POST panel: in my organisation (root users may name another); a registration code from the start. */
export async function createPanel(ctx: UserServiceContext, input: PanelInput) {
  requirePanelRole(ctx.user, 'panel.create');
  const companyId = input.company_id ?? ctx.user.companyId;
  if (companyId !== ctx.user.companyId && !ctx.user.isRoot) throw new AppError('FORBIDDEN', panelsNl.companyOther);
  if (companyId === null) throw new AppError('VALIDATION', nl.validation, { company_id: [panelsNl.unknownCompany] });
  const [company] = await ctx.db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError('VALIDATION', nl.validation, { company_id: [panelsNl.unknownCompany] });
  const [panel] = await ctx.db
    .insert(panels)
    .values({ companyId, name: input.name, description: input.description ?? '', createdBy: ctx.user.id, ...newPanelToken() })
    .returning();
  return presentPanel(panel!, { company: company.name, manage: true });
}
