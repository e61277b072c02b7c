import { and, asc, eq, isNull } from 'drizzle-orm';
import { panels, panelUsers } from '../../db/schema';
import type { UserServiceContext } from '../../context';

/** The panels the signed-in user is a member of (bootstrap user.panels, front page block). */
export function listUserPanels(ctx: UserServiceContext) {
  return ctx.db
    .select({ id: panels.id, company_id: panels.companyId, name: panels.name, description: panels.description, image: panels.image })
    .from(panelUsers)
    .innerJoin(panels, eq(panels.id, panelUsers.panelId))
    .where(and(eq(panelUsers.userId, ctx.user.id), isNull(panels.deletedAt)))
    .orderBy(asc(panels.name));
}
