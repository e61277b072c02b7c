import './zod-nl';
import { z } from 'zod';
import { panelsNl } from '../i18n/panels';
import { PANEL_FIELD_TYPES } from '../lookups/status';
import { messages } from './messages';

const num = <T extends z.ZodType>(field: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), field);
const int = () => z.number({ error: messages.wholeNumber }).int(messages.wholeNumber);
const text = (max: 191) => z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));
const longText = z.string({ error: panelsNl.answer.text }).trim().max(2000, panelsNl.answer.tooLong(2000));
const bool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: messages.required }));
const bound = z.preprocess((v) => (v === '' ? null : typeof v === 'string' ? Number(v.replace(',', '.')) : v), z.number({ error: panelsNl.answer.number }).finite(panelsNl.answer.number).nullable());

export type PanelFieldKind = 'text' | 'textarea' | 'number' | 'date' | 'single' | 'multi' | 'postcode';

/** What a field type asks for (PANEL_FIELD_TYPES: select and radio are both one choice). */
export function fieldKind(typeId: number): PanelFieldKind {
  const key = PANEL_FIELD_TYPES.find((t) => t.id === typeId)?.key;
  if (key === 'select' || key === 'radio') return 'single';
  if (key === 'checkbox') return 'multi';
  return (key ?? 'text') as PanelFieldKind;
}
export const isChoice = (typeId: number) => ['single', 'multi'].includes(fieldKind(typeId));

/** POST panel */
export const PanelInput = z.object({
  name: text(191),
  description: longText.optional(),
  /** Root users only: the organisation the panel belongs to (default: their own). */
  company_id: num(int().min(1, messages.min1)).optional(),
});
export type PanelInput = z.infer<typeof PanelInput>;

/** PUT panel/{id} */
export const PanelUpdate = z.object({ name: text(191).optional(), description: longText.optional() });
export type PanelUpdate = z.infer<typeof PanelUpdate>;

export const PanelListQuery = z.object({ all: z.enum(['0', '1', 'true', 'false']).optional(), include: z.string().max(100).optional() });

/** PUT panel/{id}/token { enabled } */
export const PanelTokenToggle = z.object({ enabled: bool });

const fieldFields = {
  name: text(191),
  description: longText.optional(),
  type_id: num(int().refine((id) => PANEL_FIELD_TYPES.some((t) => t.id === id), panelsNl.unknownType)),
  required: bool.optional(),
  min: bound.optional(),
  max: bound.optional(),
};
const rangeInOrder = (f: { min?: number | null; max?: number | null }) => f.min == null || f.max == null || f.min <= f.max;

/** POST panel/{id}/field; `options` (labels) only for choice fields, and at least one there. */
export const PanelFieldInput = z
  .object({ ...fieldFields, options: z.array(text(191), { error: messages.required }).max(100, panelsNl.answer.tooLong(100)).optional() })
  .refine(rangeInOrder, { message: panelsNl.rangeOrder, path: ['max'] })
  .refine((f) => fieldKind(f.type_id) === 'number' || (f.min == null && f.max == null), { message: panelsNl.rangeOnlyNumber, path: ['min'] })
  .refine((f) => isChoice(f.type_id) || !f.options?.length, { message: panelsNl.optionsOnlyChoice, path: ['options'] })
  .refine((f) => !isChoice(f.type_id) || (f.options?.length ?? 0) > 0, { message: panelsNl.optionsRequired, path: ['options'] });
export type PanelFieldInput = z.infer<typeof PanelFieldInput>;

/** PUT panel/{id}/field/{fid}: any of the fields; the combination is checked against the stored field. */
export const PanelFieldUpdate = z.object({
  name: fieldFields.name.optional(),
  description: fieldFields.description,
  type_id: fieldFields.type_id.optional(),
  required: fieldFields.required,
  min: fieldFields.min,
  max: fieldFields.max,
});
export type PanelFieldUpdate = z.infer<typeof PanelFieldUpdate>;

/** POST/PUT …/option[/{oid}] */
export const PanelOptionInput = z.object({ label: text(191) });
export type PanelOptionInput = z.infer<typeof PanelOptionInput>;

/** PUT user/{id}/answer: the member's answers for one panel, by field id. */
export const PanelAnswersInput = z.object({
  panel_id: num(int().min(1, messages.min1)),
  data: z.record(z.string(), z.unknown(), { error: messages.required }),
});
export type PanelAnswersInput = z.infer<typeof PanelAnswersInput>;

// ——— answers per field type (shared by the server, the profile form and registration) ———

export interface AnswerField {
  id: number;
  type_id: number;
  name: string;
  required: boolean;
  min: number | null;
  max: number | null;
  options: { id: number; label: string }[];
}

/** A stored answer: text/number/date/postcode as text, choices as option ids. */
export type AnswerValue = string | number | number[];
export type AnswerRow = { fieldId: number; optionId: number | null; value: string | null };

const empty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const isoDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const fmt = (n: number) => n.toLocaleString('nl-NL', { maximumFractionDigits: 6 });

/** One field's value → rows to store, or a Dutch message. `undefined` = no answer. */
function checkOne(f: AnswerField, raw: unknown): { rows: AnswerRow[] } | { error: string } {
  const t = panelsNl.answer;
  if (empty(raw)) return f.required ? { error: t.required } : { rows: [] };
  const kind = fieldKind(f.type_id);
  const optionIds = new Set(f.options.map((o) => o.id));
  if (kind === 'single') {
    const id = typeof raw === 'string' ? Number(raw) : raw;
    if (typeof id !== 'number' || !optionIds.has(id)) return { error: t.choice };
    return { rows: [{ fieldId: f.id, optionId: id, value: null }] };
  }
  if (kind === 'multi') {
    const list = Array.isArray(raw) ? raw.map((v) => (typeof v === 'string' ? Number(v) : v)) : [typeof raw === 'string' ? Number(raw) : raw];
    if (!list.every((id): id is number => typeof id === 'number' && optionIds.has(id))) return { error: t.choices };
    return { rows: [...new Set(list)].map((id) => ({ fieldId: f.id, optionId: id, value: null })) };
  }
  if (typeof raw !== 'string' && typeof raw !== 'number') return { error: kind === 'number' ? t.number : t.text };
  const s = String(raw).trim();
  if (kind === 'number') {
    const n = Number(s.replace(',', '.'));
    if (!/^-?\d+([.,]\d+)?$/.test(s) || !Number.isFinite(n)) return { error: t.number };
    if (f.min !== null && n < f.min) return { error: t.min(fmt(f.min)) };
    if (f.max !== null && n > f.max) return { error: t.max(fmt(f.max)) };
    return { rows: [{ fieldId: f.id, optionId: null, value: String(n) }] };
  }
  if (kind === 'date') {
    if (!isoDate(s)) return { error: t.date };
    return { rows: [{ fieldId: f.id, optionId: null, value: s }] };
  }
  if (kind === 'postcode') {
    const m = /^([1-9]\d{3})\s?([A-Za-z]{2})$/.exec(s);
    if (!m || /^(SA|SD|SS)$/i.test(m[2]!)) return { error: t.postcode };
    return { rows: [{ fieldId: f.id, optionId: null, value: `${m[1]} ${m[2]!.toUpperCase()}` }] };
  }
  const max = kind === 'textarea' ? 2000 : 191;
  if (s.length > max) return { error: t.tooLong(max) };
  return { rows: [{ fieldId: f.id, optionId: null, value: s }] };
}

/**
 * Checks a member's answers for all fields of one panel (unknown field ids are refused). Returns
 * the rows to store, or `{ errors }` keyed `data.<fieldId>` like the API's 422 field errors.
 */
export function checkAnswers(fields: AnswerField[], data: Record<string, unknown>): { rows: AnswerRow[]; errors: null } | { rows: null; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const known = new Set(fields.map((f) => String(f.id)));
  for (const key of Object.keys(data)) if (!known.has(key)) errors[`data.${key}`] = [panelsNl.answer.unknownField(key)];
  const rows: AnswerRow[] = [];
  for (const f of fields) {
    const result = checkOne(f, data[String(f.id)]);
    if ('error' in result) errors[`data.${f.id}`] = [result.error];
    else rows.push(...result.rows);
  }
  return Object.keys(errors).length ? { rows: null, errors } : { rows, errors: null };
}

/** Stored rows → the value per field the forms and the API show. */
export function answerValues(fields: Pick<AnswerField, 'id' | 'type_id'>[], rows: AnswerRow[]): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  for (const f of fields) {
    const mine = rows.filter((r) => r.fieldId === f.id);
    if (!mine.length) continue;
    const kind = fieldKind(f.type_id);
    if (kind === 'multi') out[f.id] = mine.map((r) => r.optionId!).filter((id) => id !== null);
    else if (kind === 'single') out[f.id] = mine[0]!.optionId!;
    else if (kind === 'number') out[f.id] = Number(mine[0]!.value);
    else out[f.id] = mine[0]!.value ?? '';
  }
  return out;
}

/** GET user/panel-member[/export]: q searches name and e-mail; company_id narrows a root user's list. */
export const PanelMemberQuery = z.object({
  q: z.string().trim().max(120, messages.maxLength(120)).optional(),
  company_id: num(int().min(1, messages.min1)).optional(),
});
export type PanelMemberQuery = z.infer<typeof PanelMemberQuery>;
