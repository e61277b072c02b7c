import type { InStatement } from '@libsql/client';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { panelAnswers, panelFieldOptions, panelFields, panels, panelUsers } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { answerValues, checkAnswers, type PanelAnswersInput } from '../../../shared/validation/panels';
import { requirePanelRole } from './access';
import type { MemberPanel } from '../../../shared/dto/panels';
import { assembleFields } from './load-fields';
import { fieldedSurveyIds, writeWithCubes } from './panel-cubes';
import { panelImageSrc } from './present';

/** Background data are one's own: another user's id is a 404, for everyone (staff included). */
function requireSelf(ctx: UserServiceContext, userId: number) {
  requirePanelRole(ctx.user, 'panel.access');
  if (userId !== ctx.user.id) throw new AppError('NOT_FOUND', nl.notFound);
}

/** GET user/{id}/answer: my panels with their fields and my answers, in one batch. */
export async function getUserPanels(ctx: UserServiceContext, userId: number): Promise<MemberPanel[]> {
  requireSelf(ctx, userId);
  return memberPanels(ctx, userId);
}

/** One member's panels with fields and answers; the caller has checked who may read them. */
export async function memberPanels(ctx: UserServiceContext, userId: number): Promise<MemberPanel[]> {
  const mine = ctx.db.select({ id: panelUsers.panelId }).from(panelUsers).where(eq(panelUsers.userId, userId));
  const [rows, fields, options, answers] = await ctx.db.batch([
    ctx.db
      .select({ panel: panels, joinedAt: panelUsers.createdAt })
      .from(panelUsers)
      .innerJoin(panels, and(eq(panels.id, panelUsers.panelId), isNull(panels.deletedAt)))
      .where(eq(panelUsers.userId, userId))
      .orderBy(asc(panels.name)),
    ctx.db.select().from(panelFields).where(inArray(panelFields.panelId, mine)).orderBy(asc(panelFields.order), asc(panelFields.id)),
    ctx.db
      .select({ id: panelFieldOptions.id, fieldId: panelFieldOptions.panelFieldId, label: panelFieldOptions.label, order: panelFieldOptions.order })
      .from(panelFieldOptions)
      .where(inArray(panelFieldOptions.panelFieldId, ctx.db.select({ id: panelFields.id }).from(panelFields).where(inArray(panelFields.panelId, mine))))
      .orderBy(asc(panelFieldOptions.order), asc(panelFieldOptions.id)),
    ctx.db.select({ fieldId: panelAnswers.panelFieldId, optionId: panelAnswers.optionId, value: panelAnswers.value }).from(panelAnswers).where(eq(panelAnswers.userId, userId)).orderBy(asc(panelAnswers.id)),
  ]);
  const all = assembleFields(fields, options);
  return rows.map(({ panel, joinedAt }) => {
    const own = all.filter((f) => f.panel_id === panel.id);
    return {
      id: panel.id,
      name: panel.name,
      description: panel.description,
      image_url: panelImageSrc(panel.id, panel.imageKey),
      joined_at: joinedAt.toISOString(),
      fields: own,
      answers: answerValues(own, answers),
    };
  });
}

/**
 * PUT user/{id}/answer { panel_id, data: { fieldId: value } }: replaces my answers for that panel's
 * fields, each checked by its type (text, number in range, date, postcode, one or more options),
 * required fields included. Not a member → 404. The fielded surveys' cubes follow.
 */
export async function saveUserAnswers(ctx: UserServiceContext, userId: number, input: PanelAnswersInput) {
  requireSelf(ctx, userId);
  const panel = (await getUserPanels(ctx, userId)).find((p) => p.id === input.panel_id);
  if (!panel) throw new AppError('NOT_FOUND', nl.notFound);
  const checked = checkAnswers(panel.fields, input.data);
  if (checked.errors) throw new AppError('VALIDATION', nl.validation, checked.errors);
  const t = ctx.now.getTime();
  const fieldIds = panel.fields.map((f) => f.id);
  const statements: InStatement[] = [
    { sql: `delete from panel_answers where user_id = ? and panel_field_id in (${fieldIds.map(() => '?').join(', ') || 'null'})`, args: [userId, ...fieldIds] },
    ...checked.rows.map((r) => ({
      sql: 'insert into panel_answers (panel_field_id, user_id, option_id, value, created_at, updated_at) values (?, ?, ?, ?, ?, ?)',
      args: [r.fieldId, userId, r.optionId, r.value, t, t],
    })),
  ];
  await writeWithCubes(ctx.db, ctx.jobs, statements, await fieldedSurveyIds(ctx.db, panel.id), ctx.now);
  return { ...panel, answers: answerValues(panel.fields, checked.rows) };
}
