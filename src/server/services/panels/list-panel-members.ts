import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { panelAnswers, panelFields, panels, panelUsers, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { PanelMember } from '../../../shared/dto/panels';
import { requirePanelRole, visiblePanels } from './access';

/** The rows behind the members list and the CSV export: one batch (panel check, members, fields, answered pairs). */
export async function loadMembers(ctx: UserServiceContext, panelId: number) {
  const fieldIds = ctx.db.select({ id: panelFields.id }).from(panelFields).where(eq(panelFields.panelId, panelId));
  const [[panel], members, fields, answered] = await ctx.db.batch([
    ctx.db.select().from(panels).where(and(eq(panels.id, panelId), visiblePanels(ctx.user))),
    ctx.db
      .select({ id: users.id, fullname: users.fullname, email: users.email, joinedAt: panelUsers.createdAt })
      .from(panelUsers)
      .innerJoin(users, and(eq(users.id, panelUsers.userId), isNull(users.deletedAt)))
      .where(eq(panelUsers.panelId, panelId))
      .orderBy(asc(users.fullname), asc(users.id)),
    ctx.db.select({ id: panelFields.id, required: panelFields.required }).from(panelFields).where(eq(panelFields.panelId, panelId)),
    ctx.db
      .selectDistinct({ userId: panelAnswers.userId, fieldId: panelAnswers.panelFieldId })
      .from(panelAnswers)
      .where(and(inArray(panelAnswers.panelFieldId, fieldIds), inArray(panelAnswers.userId, ctx.db.select({ id: panelUsers.userId }).from(panelUsers).where(eq(panelUsers.panelId, panelId))))),
  ]);
  if (!panel) throw new AppError('NOT_FOUND', nl.notFound);
  return { panel, members, fields, answered };
}

/** GET panel/{id}/user: members with join date and completeness of their background data (panel.edit). */
export async function listPanelMembers(ctx: UserServiceContext, panelId: number): Promise<PanelMember[]> {
  requirePanelRole(ctx.user, 'panel.edit');
  const { members, fields, answered } = await loadMembers(ctx, panelId);
  const byUser = new Map<number, Set<number>>();
  for (const a of answered) (byUser.get(a.userId) ?? byUser.set(a.userId, new Set()).get(a.userId)!).add(a.fieldId);
  return members.map((m) => {
    const mine = byUser.get(m.id) ?? new Set<number>();
    const missing = fields.filter((f) => f.required && !mine.has(f.id)).length;
    return { id: m.id, fullname: m.fullname, email: m.email, joined_at: m.joinedAt.toISOString(), answered: mine.size, fields: fields.length, required_missing: missing, complete: missing === 0 };
  });
}
