import { asc, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, panels } from '../../db/schema';
import { hasRole } from '../../../shared/permissions';
import { requirePanelRole, visiblePanels } from './access';
import { presentPanel } from './present';

const counts = {
  users: sql<number>`(select count(*) from panel_users pu where pu.panel_id = ${panels.id})`,
  fields: sql<number>`(select count(*) from panel_fields f where f.panel_id = ${panels.id})`,
};

/** Root users may list every organisation's panels; the others always see their own. */
export const maySeeAllPanels = (user: UserServiceContext['user']) => user.isRoot;

/**
 * GET panel[?all=1]: the panels of my organisation (root users: `all` = every organisation's),
 * by name, with member and field counts, in one query.
 */
export async function listPanels(ctx: UserServiceContext, { all = false } = {}) {
  requirePanelRole(ctx.user, 'panel.view');
  const scope = all && maySeeAllPanels(ctx.user) ? visiblePanels(ctx.user) : visiblePanels({ ...ctx.user, isRoot: false });
  const rows = await ctx.db
    .select({ panel: panels, company: companies.name, users: counts.users, fields: counts.fields })
    .from(panels)
    .innerJoin(companies, eq(companies.id, panels.companyId))
    .where(scope)
    .orderBy(asc(panels.name), asc(panels.id));
  const manage = hasRole(ctx.user, 'panel.edit');
  return rows.map((r) => presentPanel(r.panel, { company: r.company, users: Number(r.users), fields: Number(r.fields), manage }));
}

/** GET panel/index-items[/all]: id, name and organisation for pickers (same scope as the list). */
export async function listPanelIndexItems(ctx: UserServiceContext, all = false) {
  requirePanelRole(ctx.user, 'panel.view');
  const scope = all && maySeeAllPanels(ctx.user) ? visiblePanels(ctx.user) : visiblePanels({ ...ctx.user, isRoot: false });
  return ctx.db
    .select({ id: panels.id, name: panels.name, company_id: panels.companyId, users_count: counts.users })
    .from(panels)
    .where(scope)
    .orderBy(asc(panels.name), asc(panels.id));
}
