import './zod-nl';
import { z } from 'zod';
import { surveysNl } from '../i18n/surveys';
import { messages } from './messages';

export const MAX_TOKENS = 1_000_000;
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

const wholeNumber = (field: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), field);

/** POST survey/{id}/token/generate */
export const GenerateTokensInput = z.object({
  count: wholeNumber(
    z
      .number({ error: (i) => (i.input === undefined || i.input === '' ? messages.required : messages.wholeNumber) })
      .int(messages.wholeNumber)
      .min(1, messages.min1)
      .max(MAX_TOKENS, messages.tokensMax),
  ),
});
export type GenerateTokensInput = z.infer<typeof GenerateTokensInput>;

/** PUT survey/{id}/accuracy: the study's population and confidence level for margins of error. */
export const AccuracyInput = z.object({
  population_size: wholeNumber(z.number({ error: surveysNl.accuracy.population }).int(surveysNl.accuracy.population).min(1, surveysNl.accuracy.population).max(100_000_000, surveysNl.accuracy.population)).nullable(),
  confidence_level: wholeNumber(z.number({ error: surveysNl.accuracy.confidence })).refine((v) => [90, 95, 99].includes(v), surveysNl.accuracy.confidence),
});
export type AccuracyInput = z.infer<typeof AccuracyInput>;

/** PUT survey/{id}/token/toggle */
export const ToggleTokenInput = z.object({
  token_id: wholeNumber(z.number({ error: messages.required }).int(messages.wholeNumber).min(1, messages.min1)),
});
export type ToggleTokenInput = z.infer<typeof ToggleTokenInput>;

/** Query of GET survey/{id}/token: paging and search. */
export const TokenListQuery = z.object({
  page: wholeNumber(z.number().int().min(1)).default(1),
  per_page: wholeNumber(z.number().int().min(1).max(1000)).default(25),
  search: z.string().max(191, messages.maxLength(191)).optional(),
  completed: z.enum(['Y', 'N']).optional(),
});
export type TokenListQuery = z.infer<typeof TokenListQuery>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, surveysNl.browser.badDate);

/** Filters of the response browser and its CSV export (GET survey/{id}/responses[/export]). */
export const ResponseFilterQuery = z
  .object({
    status: z.enum(['all', 'complete', 'incomplete'], { error: surveysNl.browser.badStatus }).default('all'),
    from: isoDay.optional(),
    to: isoDay.optional(),
    token: z.string().trim().max(60, messages.maxLength(60)).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: surveysNl.browser.badRange, path: ['to'] });
export type ResponseFilterQuery = z.infer<typeof ResponseFilterQuery>;

export const ResponseListQuery = z.intersection(
  ResponseFilterQuery,
  z.object({
    page: wholeNumber(z.number().int().min(1)).default(1),
    per_page: wholeNumber(z.number().int().min(1).max(100)).default(25),
  }),
);
export type ResponseListQuery = z.infer<typeof ResponseListQuery>;
