import './zod-nl';
import { z } from 'zod';
import { themesNl } from '../i18n/themes';
import { messages } from './messages';

const colour = z
  .string({ error: themesNl.colour })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, themesNl.colour)
  .transform((v) => v.toLowerCase());

/** The fields a theme sets; null (or absent) = inherited from the default theme. */
export const ThemeFieldsInput = z
  .strictObject(
    {
    gradient1: colour.nullable(),
    gradient2: colour.nullable(),
    primary: colour.nullable(),
    accent: colour.nullable(),
    isDark: z.boolean({ error: themesNl.dark }).nullable(),
    },
    { error: themesNl.unknownField },
  )
  .partial();
export type ThemeFieldsInput = z.infer<typeof ThemeFieldsInput>;

const name = z.string({ error: messages.required }).trim().min(2, messages.min2Chars).max(60, messages.maxLength(60));

/** POST theme: a company's own theme (company_id) or, for root users, a system theme (company_id null). */
export const ThemeInput = z.object({
  name,
  type: z.enum(['vue', 'pdf'], { error: themesNl.typeUnknown }),
  company_id: z.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1).nullable().optional(),
  is_default: z.boolean({ error: messages.required }).optional(),
  fields: ThemeFieldsInput.optional(),
});
export type ThemeInput = z.infer<typeof ThemeInput>;

/** PUT theme/{id}: name, fields (merged: null removes a field), the system default flag (root). */
export const ThemeUpdate = z.object({ name, is_default: z.boolean({ error: messages.required }), fields: ThemeFieldsInput }).partial();
export type ThemeUpdate = z.infer<typeof ThemeUpdate>;

/** GET theme?company_id= */
export const ThemeListQuery = z.object({
  company_id: z.preprocess((v) => (typeof v === 'string' && v !== '' ? Number(v) : v), z.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1)).optional(),
  type: z.enum(['vue', 'pdf'], { error: themesNl.typeUnknown }).optional(),
});
