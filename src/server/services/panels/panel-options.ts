import { and, eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { panelFieldOptions } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { panelsNl } from '../../../shared/i18n/panels';
import { isChoice, type PanelOptionInput } from '../../../shared/validation/panels';
import { requirePanelRole } from './access';
import { fieldedSurveyIds, writeWithCubes } from './panel-cubes';
import { fieldView, findField } from './panel-fields';

async function findOption(ctx: UserServiceContext, panelId: number, fieldId: number, optionId: number) {
  await findField(ctx, panelId, fieldId);
  const [option] = await ctx.db.select().from(panelFieldOptions).where(and(eq(panelFieldOptions.id, optionId), eq(panelFieldOptions.panelFieldId, fieldId)));
  if (!option) throw new AppError('NOT_FOUND', nl.notFound);
  return option;
}

/** POST panel/{id}/field/{fid}/option: last in the order; only on choice fields (422). */
export async function createPanelOption(ctx: UserServiceContext, panelId: number, fieldId: number, input: PanelOptionInput) {
  requirePanelRole(ctx.user, 'panel.edit');
  const field = await findField(ctx, panelId, fieldId);
  if (!isChoice(field.typeId)) throw new AppError('VALIDATION', nl.validation, { label: [panelsNl.optionsOnlyChoice] });
  const [next] = await ctx.db.select({ n: sql<number>`coalesce(max(${panelFieldOptions.order}) + 1, 0)` }).from(panelFieldOptions).where(eq(panelFieldOptions.panelFieldId, fieldId));
  const [option] = await ctx.db.insert(panelFieldOptions).values({ panelFieldId: fieldId, label: input.label, order: Number(next?.n ?? 0) }).returning();
  return { id: option!.id, label: option!.label, order: option!.order, field: await fieldView(ctx, panelId, fieldId) };
}

/** PUT panel/{id}/field/{fid}/option/{oid}: the label (answers keep pointing at the option). */
export async function updatePanelOption(ctx: UserServiceContext, panelId: number, fieldId: number, optionId: number, input: PanelOptionInput) {
  requirePanelRole(ctx.user, 'panel.edit');
  await findOption(ctx, panelId, fieldId, optionId);
  const [option] = await ctx.db.update(panelFieldOptions).set({ label: input.label }).where(eq(panelFieldOptions.id, optionId)).returning();
  return { id: option!.id, label: option!.label, order: option!.order };
}

/**
 * DELETE panel/{id}/field/{fid}/option/{oid}: members who chose it lose that answer; the cubes
 * follow. The last option of a choice field stays (422): a choice field needs one.
 */
export async function deletePanelOption(ctx: UserServiceContext, panelId: number, fieldId: number, optionId: number) {
  requirePanelRole(ctx.user, 'panel.edit');
  await findOption(ctx, panelId, fieldId, optionId);
  const [count] = await ctx.db.select({ n: sql<number>`count(*)` }).from(panelFieldOptions).where(eq(panelFieldOptions.panelFieldId, fieldId));
  if (Number(count?.n ?? 0) <= 1) throw new AppError('VALIDATION', nl.validation, { option: [panelsNl.lastOption] });
  const surveys = await fieldedSurveyIds(ctx.db, panelId);
  await writeWithCubes(ctx.db, ctx.jobs, [{ sql: 'delete from panel_field_options where id = ? and panel_field_id = ?', args: [optionId, fieldId] }], surveys, ctx.now);
}
