import './zod-nl';
import { z } from 'zod';
import { zknNl } from '../i18n/zkn';
import { messages } from './messages';

export const PROVIDER_TYPES = ['huisartsenpraktijk', 'ziekenhuis', 'ggz', 'thuiszorg', 'verpleeghuis', 'tandartspraktijk', 'fysiotherapie', 'apotheek'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** Ratings files are read whole by the request that checks them: 10 MB is ~200,000 ratings. */
export const MAX_RATINGS_BYTES = 10 * 1024 * 1024;

export const AgbCode = z.string().trim().regex(/^\d{8}$/, zknNl.agbInvalid);
export const ProviderTypeInput = z.enum(PROVIDER_TYPES, { error: zknNl.typeInvalid });

/** GET zkn/company?limit=&type=&agb_code=&q= */
export const ProviderQuery = z.object({
  limit: z.coerce.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1).max(10000, messages.max10000).optional(),
  type: ProviderTypeInput.optional(),
  agb_code: AgbCode.optional(),
  q: z.string().trim().max(191, messages.maxLength(191)).optional(),
});
export type ProviderQuery = z.infer<typeof ProviderQuery>;

/** The fields of POST ratingJob besides the file. */
export const RatingJobFields = z.object({
  name: z.string({ error: messages.required }).trim().min(1, messages.required).max(191, messages.maxLength(191)),
  min_n: z.coerce.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(2, zknNl.minNRange).max(1000, zknNl.minNRange).default(10),
});
export type RatingJobFields = z.infer<typeof RatingJobFields>;

/** The rating fields a survey question can feed (POST ratingJob with a survey). */
export const RATING_FIELDS = ['agb_code', 'datum', 'cijfer', 'afspraak', 'bejegening', 'luisteren', 'informatie', 'behandeling', 'aanbevelen'] as const;
export type RatingField = (typeof RATING_FIELDS)[number];
/** Without a date question the response's submit date is the rating's date. */
export const REQUIRED_RATING_FIELDS: readonly RatingField[] = ['agb_code', 'cijfer'];

const Required = (field: RatingField) => z.string({ error: zknNl.survey.required(field) }).trim().min(1, zknNl.survey.required(field)).max(191, messages.maxLength(191));
const Optional = z.string().trim().max(191, messages.maxLength(191)).optional().transform((v) => v || undefined);

/** POST ratingJob as JSON: a survey of the own organisation and which question (column key) feeds which field. */
export const RatingJobSurveyInput = RatingJobFields.extend({
  survey_id: z.coerce.number({ error: zknNl.survey.choose }).int(zknNl.survey.choose).positive(zknNl.survey.choose),
  mapping: z.object(
    {
      agb_code: Required('agb_code'),
      datum: Optional,
      cijfer: Required('cijfer'),
      afspraak: Optional,
      bejegening: Optional,
      luisteren: Optional,
      informatie: Optional,
      behandeling: Optional,
      aanbevelen: Optional,
    },
    { error: zknNl.survey.mappingRequired },
  ),
});
export type RatingJobSurveyInput = z.infer<typeof RatingJobSurveyInput>;
