import './zod-nl';
import { z } from 'zod';
import { indicatorsNl } from '../i18n/indicators';
import { INDICATOR_COMPARATORS, INDICATOR_METRICS } from '../lookups/indicators';
import { messages } from './messages';

const num = <T extends z.ZodType>(field: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), field);
const id = () => num(z.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1));
const blankToNull = (v: unknown) => (v === '' ? null : v);
const date = z
  .string({ error: 'Voer een geldige datum in (JJJJ-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Voer een geldige datum in (JJJJ-MM-DD)', abort: true })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Voer een geldige datum in (JJJJ-MM-DD)');
const bool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: 'Kies ja of nee' }));

const fields = {
  title: z.string({ error: messages.required }).trim().min(1, messages.required).max(191, messages.maxLength(191)),
  survey_id: id(),
  metric: z.enum(INDICATOR_METRICS, { error: indicatorsNl.metric }),
  column_key: z.preprocess(blankToNull, z.string({ error: messages.required }).trim().max(191, messages.maxLength(191)).nullable()),
  answer_code: z.preprocess(blankToNull, z.string({ error: messages.required }).trim().max(191, messages.maxLength(191)).nullable()),
  filter_option_ids: z
    .array(id(), { error: indicatorsNl.filterIds })
    .max(100, 'Kies maximaal 100 filteropties')
    .refine((ids) => new Set(ids).size === ids.length, 'Elke filteroptie mag maar één keer in de lijst staan.'),
  comparator: z.enum(INDICATOR_COMPARATORS, { error: indicatorsNl.comparator }),
  // A Dutch decimal comma is a decimal point.
  threshold: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim().replace(',', '.')) : v), z.number({ error: indicatorsNl.number }).min(-1_000_000, 'De minimale waarde van dit veld is -1.000.000').max(1_000_000, messages.max1000000)),
  start_date: z.preprocess(blankToNull, date.nullable()),
  end_date: z.preprocess(blankToNull, date.nullable()),
  active: bool,
  /** A weighting scheme of the indicator's survey (issue 31); null: unweighted. */
  weighting_id: z.preprocess(blankToNull, id().nullable()),
};

type Shape = { metric?: string; column_key?: string | null; answer_code?: string | null; start_date?: string | null; end_date?: string | null };
/** A question is needed for every metric but the response count; an answer for a percentage. */
function complete<T extends z.ZodType<Shape>>(schema: T) {
  return schema
    .refine((i) => i.metric === undefined || i.metric === 'responses' || !!i.column_key, { message: messages.required, path: ['column_key'] })
    .refine((i) => i.metric !== 'percentage' || !!i.answer_code, { message: messages.required, path: ['answer_code'] })
    .refine((i) => !i.start_date || !i.end_date || i.start_date <= i.end_date, { message: 'De einddatum ligt voor de begindatum', path: ['end_date'] });
}

/** POST indicator */
export const IndicatorInput = complete(
  z.object({
    ...fields,
    project_id: id(),
    column_key: fields.column_key.optional(),
    answer_code: fields.answer_code.optional(),
    filter_option_ids: fields.filter_option_ids.default([]),
    start_date: fields.start_date.optional(),
    end_date: fields.end_date.optional(),
    active: fields.active.optional(),
    weighting_id: fields.weighting_id.optional(),
  }),
);
export type IndicatorInput = z.infer<typeof IndicatorInput>;

/** PUT indicator/{id}: any field but the project; the stored fields fill in what is left out. */
export const IndicatorUpdate = z.object(fields).partial();
export type IndicatorUpdate = z.infer<typeof IndicatorUpdate>;
export const completeIndicator = complete(z.object(fields).partial());

/** The group filter of a project's indicator list: a question group id, or 'none' (indicators without a question: the response count). */
export const INDICATOR_GROUP_NONE = 'none';
const groupError = 'Kies een groep uit de lijst (een groepsnummer of "none").';
export const IndicatorGroupFilter = z.preprocess(
  (v) => (v === '' ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
  z.union([z.literal(INDICATOR_GROUP_NONE), z.number().int(groupError).min(1, groupError)], { error: groupError }).optional(),
);
export type IndicatorGroupFilter = z.infer<typeof IndicatorGroupFilter>;
/** GET project/{id}/indicator?group= */
export const IndicatorListQuery = z.object({ group: IndicatorGroupFilter });
