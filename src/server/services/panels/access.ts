import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { UserServiceContext } from '../../context';
import { panels } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { hasRole, type Role } from '../../../shared/permissions';

/** Row-level rule for panels: a panel belongs to an organisation; root users see every organisation's. */
export function visiblePanels(user: SessionUser): SQL {
  const alive = isNull(panels.deletedAt);
  if (user.isRoot) return alive;
  if (user.companyId === null) return sql`0`;
  return and(alive, eq(panels.companyId, user.companyId))!;
}

export function requirePanelRole(user: SessionUser, role: Role | readonly Role[]): void {
  if (!hasRole(user, role)) throw new AppError('FORBIDDEN', nl.forbidden);
}

export type PanelRow = typeof panels.$inferSelect;

/** The panel if the user may see it; 404 otherwise (never reveal another organisation's rows). */
export async function findPanel(ctx: UserServiceContext, panelId: number): Promise<PanelRow> {
  const [panel] = await ctx.db.select().from(panels).where(and(eq(panels.id, panelId), visiblePanels(ctx.user))).limit(1);
  if (!panel) throw new AppError('NOT_FOUND', nl.notFound);
  return panel;
}

/** The panel's own organisation (not a root user of another): who may export members' personal data. */
export const ownsPanel = (user: SessionUser, panel: Pick<PanelRow, 'companyId'>) => user.companyId === panel.companyId;
