import { and, eq, sql } from 'drizzle-orm';
import { encodeBase64 } from '@oslojs/encoding';
import type { UserServiceContext } from '../../context';
import { companies, panels } from '../../db/schema';
import { hasRole } from '../../../shared/permissions';
import { findPanel, requirePanelRole, visiblePanels } from './access';
import { assembleFields, fieldQueries } from './load-fields';
import { listPanelMembers } from './list-panel-members';
import { presentPanel } from './present';

export const PANEL_INCLUDES = ['fields', 'users'] as const;

/** The panel image's bytes as base64 (the entity's `image`, spec 001 §3), or null. */
async function imageBase64(ctx: UserServiceContext, key: string | null): Promise<string | null> {
  const files = ctx.jobs?.files;
  if (!key || !files) return null;
  const file = await files.get(key);
  return file ? encodeBase64(new Uint8Array(await new Response(file.body).arrayBuffer())) : null;
}

/**
 * GET panel/{id}[?include=fields,users]: panel, counts and fields in one batch; members need panel.edit.
 * `image` is the stored PNG as base64 (spec 001 §3); pages pass withImage: false and use image_url.
 */
export async function getPanel(ctx: UserServiceContext, panelId: number, include: string[] = [], { withImage = true } = {}) {
  requirePanelRole(ctx.user, 'panel.view');
  const [[row], fields, options] = await ctx.db.batch([
    ctx.db
      .select({
        panel: panels,
        company: companies.name,
        users: sql<number>`(select count(*) from panel_users pu where pu.panel_id = ${panels.id})`,
      })
      .from(panels)
      .innerJoin(companies, eq(companies.id, panels.companyId))
      .where(and(eq(panels.id, panelId), visiblePanels(ctx.user))),
    ...fieldQueries(ctx.db, [panelId]),
  ]);
  if (!row) await findPanel(ctx, panelId); // throws the 404
  const manage = hasRole(ctx.user, 'panel.edit');
  const list = assembleFields(fields, options);
  const panel = { ...presentPanel(row!.panel, { company: row!.company, users: Number(row!.users), fields: list.length, manage }), image: withImage ? await imageBase64(ctx, row!.panel.imageKey) : null };
  return {
    ...panel,
    ...(include.includes('fields') ? { fields: list } : {}),
    ...(include.includes('users') && manage ? { users: await listPanelMembers(ctx, panelId) } : {}),
  };
}
