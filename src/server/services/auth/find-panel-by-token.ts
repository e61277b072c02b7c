import { and, eq, isNull } from 'drizzle-orm';
import { hashToken } from '../../auth/tokens';
import { panels } from '../../db/schema';
import { AppError } from '../../errors';
import type { ServiceContext } from '../../context';
import { accountMessages } from '../../../shared/validation/auth';

export interface PanelSummary {
  id: number;
  companyId: number;
  name: string;
  description: string;
  image: string | null;
}

/** The panel a token belongs to; 422 on the token field when it is unknown. */
export async function findPanelByToken(ctx: ServiceContext, token: string): Promise<PanelSummary> {
  const [panel] = await ctx.db
    .select({ id: panels.id, companyId: panels.companyId, name: panels.name, description: panels.description, image: panels.image })
    .from(panels)
    .where(and(eq(panels.tokenHash, hashToken(token.trim())), isNull(panels.deletedAt)))
    .limit(1);
  if (!panel) throw new AppError('VALIDATION', accountMessages.panelInvalid, { token: [accountMessages.panelInvalid] });
  return panel;
}

export function publicPanel(panel: PanelSummary) {
  return { id: panel.id, name: panel.name, description: panel.description, image: panel.image };
}
