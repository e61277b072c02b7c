import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { panels, panelUsers } from '../../db/schema';
import { findCompany } from './access';

/** The company's panels for its Panels tab (panel.view): name, description, number of members. */
export async function listCompanyPanels(ctx: UserServiceContext, id: number) {
  await findCompany(ctx, id, 'panel.view');
  return ctx.db
    .select({
      id: panels.id,
      name: panels.name,
      description: panels.description,
      members: sql<number>`(${sql`select count(*) from ${panelUsers} where ${panelUsers.panelId} = ${panels.id}`})`.mapWith(Number),
    })
    .from(panels)
    .where(and(eq(panels.companyId, id), isNull(panels.deletedAt)))
    .orderBy(asc(panels.name));
}
