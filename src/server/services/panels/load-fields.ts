import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { panelFieldOptions, panelFields } from '../../db/schema';
import { PANEL_FIELD_TYPES } from '../../../shared/lookups/status';
import type { PanelFieldView } from '../../../shared/dto/panels';

const typeKey = (id: number) => PANEL_FIELD_TYPES.find((t) => t.id === id)?.key ?? 'text';

/** The statements that read the fields and options of some panels (for a caller's db.batch). */
export function fieldQueries(db: Db, panelIds: number[]) {
  const ids = panelIds.length ? panelIds : [0];
  return [
    db.select().from(panelFields).where(inArray(panelFields.panelId, ids)).orderBy(asc(panelFields.order), asc(panelFields.id)),
    db
      .select({ id: panelFieldOptions.id, fieldId: panelFieldOptions.panelFieldId, label: panelFieldOptions.label, order: panelFieldOptions.order })
      .from(panelFieldOptions)
      .where(inArray(panelFieldOptions.panelFieldId, db.select({ id: panelFields.id }).from(panelFields).where(inArray(panelFields.panelId, ids))))
      .orderBy(asc(panelFieldOptions.order), asc(panelFieldOptions.id)),
  ] as const;
}

type FieldRow = typeof panelFields.$inferSelect;
type OptionRow = { id: number; fieldId: number; label: string; order: number };

/** Rows of fieldQueries → fields (in order) with their options (in order). */
export function assembleFields(fields: FieldRow[], options: OptionRow[]): PanelFieldView[] {
  return fields.map((f) => ({
    id: f.id,
    panel_id: f.panelId,
    type_id: f.typeId,
    type: typeKey(f.typeId),
    name: f.name,
    description: f.description,
    required: f.required,
    min: f.min,
    max: f.max,
    order: f.order,
    options: options.filter((o) => o.fieldId === f.id).map((o) => ({ id: o.id, label: o.label, order: o.order })),
  }));
}

/** Fields with options of some panels in one round trip. */
export async function loadFields(db: Db, panelIds: number[]): Promise<PanelFieldView[]> {
  const [fields, options] = await db.batch(fieldQueries(db, panelIds));
  return assembleFields(fields, options);
}
