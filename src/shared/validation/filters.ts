import './zod-nl';
import { z } from 'zod';
import { filtersNl } from '../i18n/filters';
import { messages } from './messages';

export const COMPARATORS = ['equal', 'notEqual', 'greater', 'greaterOrEqual', 'less', 'lessOrEqual', 'in', 'notIn'] as const;

const wholeNumber = (field: z.ZodNumber) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), field);
const order = wholeNumber(z.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(0, messages.wholeNumber).max(1_000_000, messages.max1000000));
const text = (max: 191) => z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));

/** POST project/{id}/survey/{sid}/filterCategory, PUT filterCategory/{id} */
export const FilterCategoryInput = z.object({ title: text(191), order: order.optional() });
export type FilterCategoryInput = z.infer<typeof FilterCategoryInput>;
export const FilterCategoryUpdate = FilterCategoryInput.partial();
export type FilterCategoryUpdate = z.infer<typeof FilterCategoryUpdate>;

/** POST …/filterCategory/generate: from a question's answer options or an open question's distinct answers. */
export const GenerateFilterCategoryInput = z.object({
  column_key: z.string({ error: messages.required }).trim().min(1, messages.required).max(191, messages.maxLength(191)),
  title: text(191).optional(),
  min_count: wholeNumber(z.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1).max(10_000, messages.max10000)).default(1),
});
export type GenerateFilterCategoryInput = z.infer<typeof GenerateFilterCategoryInput>;

/** POST/PUT filterCategory/{id}/filterOption[/{id}] */
export const FilterOptionInput = z.object({ label: text(191), exposed: z.boolean({ error: messages.required }).optional(), order: order.optional() });
export type FilterOptionInput = z.infer<typeof FilterOptionInput>;
export const FilterOptionUpdate = FilterOptionInput.partial();
export type FilterOptionUpdate = z.infer<typeof FilterOptionUpdate>;

/** PATCH filterCategory/{id}/filterOption/order: the option ids in their new order. */
export const FilterOptionOrderInput = z.object({
  order: z
    .array(wholeNumber(z.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1)), { error: messages.minOneOption })
    .min(1, messages.minOneOption)
    .max(10_000, messages.max10000)
    .refine((ids) => new Set(ids).size === ids.length, filtersNl.duplicateIds),
});
export type FilterOptionOrderInput = z.infer<typeof FilterOptionOrderInput>;

/** PATCH project/{id}/filterCategory/order: the category ids in their new order. */
export const FilterCategoryOrderInput = FilterOptionOrderInput;
export type FilterCategoryOrderInput = z.infer<typeof FilterCategoryOrderInput>;

const scalar = z.union([z.string().trim().min(1, messages.required).max(191, messages.maxLength(191)), z.number({ error: messages.required }).finite()], { error: messages.required });
const LIST = new Set(['in', 'notIn']);

const conditionFields = {
  column_key: z.string({ error: messages.required }).trim().min(1, messages.required).max(191, messages.maxLength(191)),
  comparator: z.enum(COMPARATORS, { error: filtersNl.comparator }),
  // List bounds outside the union: inside it, a failing option only yields the union's own message.
  value: z
    .union([scalar, z.array(scalar)], { error: messages.required })
    .refine((v) => !Array.isArray(v) || v.length >= 1, filtersNl.valueList)
    .refine((v) => !Array.isArray(v) || v.length <= 1000, filtersNl.valueListMax),
  operator: z.enum(['and', 'or'], { error: filtersNl.operator }).optional(),
  order: order.optional(),
};

function valueFits(c: { comparator?: string; value?: unknown }): boolean {
  if (c.comparator === undefined || c.value === undefined) return true;
  return LIST.has(c.comparator) || !Array.isArray(c.value) || c.value.length === 1;
}

/** POST/PUT …/filterOption/{id}/filterCondition[/{id}]: one comparison (lists for in / notIn). */
export const FilterConditionInput = z.object(conditionFields).refine(valueFits, { message: filtersNl.singleValue, path: ['value'] });
export type FilterConditionInput = z.infer<typeof FilterConditionInput>;
export const FilterConditionUpdate = z.object(conditionFields).partial().refine(valueFits, { message: filtersNl.singleValue, path: ['value'] });
export type FilterConditionUpdate = z.infer<typeof FilterConditionUpdate>;

/** GET project/{id}/filterCategory query. */
export const FilterCategoryListQuery = z.object({ include: z.string().max(191).optional() });
