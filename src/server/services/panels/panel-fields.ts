import { and, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { panelAnswers, panelFieldOptions, panelFields } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { panelsNl } from '../../../shared/i18n/panels';
import { fieldKind, isChoice, type PanelFieldInput, type PanelFieldUpdate } from '../../../shared/validation/panels';
import { findPanel, requirePanelRole } from './access';
import type { PanelFieldView } from '../../../shared/dto/panels';
import { loadFields } from './load-fields';
import { fieldedSurveyIds, writeWithCubes } from './panel-cubes';

/** The field if it belongs to the panel (and the panel is the user's to see); 404 otherwise. */
export async function findField(ctx: UserServiceContext, panelId: number, fieldId: number) {
  await findPanel(ctx, panelId);
  const [field] = await ctx.db.select().from(panelFields).where(and(eq(panelFields.id, fieldId), eq(panelFields.panelId, panelId)));
  if (!field) throw new AppError('NOT_FOUND', nl.notFound);
  return field;
}

export async function fieldView(ctx: UserServiceContext, panelId: number, fieldId: number): Promise<PanelFieldView> {
  return (await loadFields(ctx.db, [panelId])).find((f) => f.id === fieldId)!;
}

/** GET panel/{id}/field: the fields with their options, in order. */
export async function listPanelFields(ctx: UserServiceContext, panelId: number) {
  requirePanelRole(ctx.user, 'panel.view');
  await findPanel(ctx, panelId);
  return loadFields(ctx.db, [panelId]);
}

/** POST panel/{id}/field: last in the order; options (choice fields) in the given order. */
export async function createPanelField(ctx: UserServiceContext, panelId: number, input: PanelFieldInput) {
  requirePanelRole(ctx.user, 'panel.edit');
  await findPanel(ctx, panelId);
  const [next] = await ctx.db.select({ n: sql<number>`coalesce(max(${panelFields.order}) + 1, 0)` }).from(panelFields).where(eq(panelFields.panelId, panelId));
  const [field] = await ctx.db
    .insert(panelFields)
    .values({ panelId, typeId: input.type_id, name: input.name, description: input.description ?? '', required: input.required ?? false, min: input.min ?? null, max: input.max ?? null, order: Number(next?.n ?? 0) })
    .returning();
  if (input.options?.length) await ctx.db.insert(panelFieldOptions).values(input.options.map((label, order) => ({ panelFieldId: field!.id, label, order })));
  return fieldView(ctx, panelId, field!.id);
}

/**
 * PUT panel/{id}/field/{fid}. Once members answered, the type can only switch between the two
 * single-choice looks (select, radio): anything else would leave answers of another kind (409).
 * A range only on number fields; leaving the number type clears it; leaving a choice type (no
 * answers yet) removes the options.
 */
export async function updatePanelField(ctx: UserServiceContext, panelId: number, fieldId: number, input: PanelFieldUpdate) {
  requirePanelRole(ctx.user, 'panel.edit');
  const field = await findField(ctx, panelId, fieldId);
  const typeId = input.type_id ?? field.typeId;
  if (typeId !== field.typeId && fieldKind(typeId) !== fieldKind(field.typeId)) {
    const [answered] = await ctx.db.select({ id: panelAnswers.id }).from(panelAnswers).where(eq(panelAnswers.panelFieldId, fieldId)).limit(1);
    if (answered) throw new AppError('CONFLICT', panelsNl.typeLocked, { type_id: [panelsNl.typeLocked] });
  }
  // A choice field cannot stand without options: switching a field without them to a choice type is refused.
  if (isChoice(typeId) && !isChoice(field.typeId)) throw new AppError('VALIDATION', nl.validation, { type_id: [panelsNl.optionsNeededForType] });
  const number = fieldKind(typeId) === 'number';
  const min = number ? (input.min !== undefined ? input.min : field.min) : null;
  const max = number ? (input.max !== undefined ? input.max : field.max) : null;
  if (!number && (input.min != null || input.max != null)) throw new AppError('VALIDATION', nl.validation, { min: [panelsNl.rangeOnlyNumber] });
  if (min !== null && max !== null && min > max) throw new AppError('VALIDATION', nl.validation, { max: [panelsNl.rangeOrder] });
  const update = ctx.db
    .update(panelFields)
    .set({ typeId, min, max, ...(input.name !== undefined ? { name: input.name } : {}), ...(input.description !== undefined ? { description: input.description } : {}), ...(input.required !== undefined ? { required: input.required } : {}) })
    .where(eq(panelFields.id, fieldId));
  if (isChoice(typeId)) await update;
  else await ctx.db.batch([update, ctx.db.delete(panelFieldOptions).where(eq(panelFieldOptions.panelFieldId, fieldId))]);
  return fieldView(ctx, panelId, fieldId);
}

/** DELETE panel/{id}/field/{fid}: the field, its options and every member's answer to it; the cubes follow. */
export async function deletePanelField(ctx: UserServiceContext, panelId: number, fieldId: number) {
  requirePanelRole(ctx.user, 'panel.edit');
  await findField(ctx, panelId, fieldId);
  const surveys = await fieldedSurveyIds(ctx.db, panelId);
  await writeWithCubes(ctx.db, ctx.jobs, [{ sql: 'delete from panel_fields where id = ? and panel_id = ?', args: [fieldId, panelId] }], surveys, ctx.now);
}
