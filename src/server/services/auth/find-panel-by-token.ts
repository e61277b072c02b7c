import { and, eq, isNull } from 'drizzle-orm';
import { hashToken } from '../../auth/tokens';
import { panels } from '../../db/schema';
import { AppError } from '../../errors';
import type { ServiceContext } from '../../context';
import { accountMessages } from '../../../shared/validation/auth';
import type { PanelFieldView } from '../../../shared/dto/panels';
import { loadFields } from '../panels/load-fields';

export interface PanelSummary {
  id: number;
  companyId: number;
  name: string;
  description: string;
}

/** The panel a token belongs to (switched-off codes count as unknown); 422 on the token field when it is unknown. */
export async function findPanelByToken(ctx: ServiceContext, token: string): Promise<PanelSummary> {
  const [panel] = await ctx.db
    .select({ id: panels.id, companyId: panels.companyId, name: panels.name, description: panels.description })
    .from(panels)
    .where(and(eq(panels.tokenHash, hashToken(token.trim())), eq(panels.tokenEnabled, true), isNull(panels.deletedAt)))
    .limit(1);
  if (!panel) throw new AppError('VALIDATION', accountMessages.panelInvalid, { token: [accountMessages.panelInvalid] });
  return panel;
}

/** What the registration page may show of a panel: name, description and the required background fields it asks. */
export async function publicPanel(ctx: ServiceContext, panel: PanelSummary): Promise<{ id: number; name: string; description: string; fields: PanelFieldView[] }> {
  const fields = (await loadFields(ctx.db, [panel.id])).filter((f) => f.required);
  return { id: panel.id, name: panel.name, description: panel.description, fields };
}
