import './zod-nl';
import { z } from 'zod';
import { reportsNl } from '../i18n/reports';
import { WIDGETS } from '../lookups';
import { messages } from './messages';

const num = <T extends z.ZodType>(field: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), field);
const int = () => z.number({ error: messages.wholeNumber }).int(messages.wholeNumber);
const id = () => num(int().min(1, messages.min1));
const order = num(int().min(0, messages.wholeNumber).max(1_000_000, messages.max1000000));
const bool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: reportsNl.yesNo }));
const intIn = (min: number, max: number) => num(int().min(min, reportsNl.between(min, max)).max(max, reportsNl.between(min, max)));
/** The value axis maximum: a number above 0 (decimals allowed: a mean of 1–5 may end at 4,5), at most 1,000,000. */
export const AXIS_MAX_LIMIT = 1_000_000;
const axisMax = num(z.number({ error: reportsNl.axisMax }).gt(0, reportsNl.axisMax).max(AXIS_MAX_LIMIT, reportsNl.axisMax));

/**
 * The chart options a chart may carry (spec 001 §3 Chart option) and the type of each value:
 * showN – show n per category; showLegend; showValues – numbers on the bars; decimals (0–3);
 * max – the value axis maximum (> 0, ≤ 1,000,000; none = from the data);
 * stacked – stack the series; maxCategories – fold the rest into 'Overig' (1–50);
 * hideEmpty – leave out categories without answers; showMarginOfError – show the margin of error;
 * reverseColors – the colour scheme from its last colour to its first ('Kleuren omkeren').
 */
export const CHART_OPTION_VALUES = {
  showN: bool,
  showLegend: bool,
  showValues: bool,
  decimals: intIn(0, 3),
  max: axisMax,
  stacked: bool,
  maxCategories: intIn(1, 50),
  hideEmpty: bool,
  showMarginOfError: bool,
  reverseColors: bool,
} as const;
export type ChartOptionKey = keyof typeof CHART_OPTION_VALUES;
export const CHART_OPTION_KEYS = Object.keys(CHART_OPTION_VALUES) as ChartOptionKey[];

const optionKey = z.enum(CHART_OPTION_KEYS as [ChartOptionKey, ...ChartOptionKey[]], { error: reportsNl.optionKey });

/** The value must fit its key; the error lands on `value`. */
function checkValue(input: { key: ChartOptionKey; value?: unknown }, ctx: z.RefinementCtx): unknown {
  const parsed = CHART_OPTION_VALUES[input.key].safeParse(input.value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? messages.required, path: ['value'] });
    return z.NEVER;
  }
  return parsed.data;
}

/** POST chart/{chartId}/chartOption { key, value }: one row per key and chart (a second POST of the key updates it). */
export const ChartOptionInput = z
  .object({ key: optionKey, value: z.unknown() })
  .transform((input, ctx) => ({ key: input.key, value: checkValue(input, ctx) }));
export type ChartOptionInput = z.infer<typeof ChartOptionInput>;
/** PUT chart/{chartId}/chartOption/{id} { value } (the key is fixed; checked against the row's key by the service). */
export const ChartOptionUpdate = z.object({ value: z.unknown() });
export type ChartOptionUpdate = z.infer<typeof ChartOptionUpdate>;
export const parseOptionValue = (key: ChartOptionKey, value: unknown) => CHART_OPTION_VALUES[key].safeParse(value);

const body = z.string({ error: messages.required }).trim().min(1, messages.required).max(20_000, reportsNl.maxBody);
const position = z.enum(['before', 'after'], { error: reportsNl.position });

/** POST text { section_id | chart_id, position, body }: markdown before or after a section or a chart. */
export const TextInput = z
  .object({ section_id: id().optional(), chart_id: id().optional(), position: position.default('before'), body })
  .refine((t) => (t.section_id === undefined) !== (t.chart_id === undefined), { message: reportsNl.textTarget, path: ['section_id'] });
export type TextInput = z.infer<typeof TextInput>;
/** PUT text/{id} { position?, body? } (the place is fixed). */
export const TextUpdate = z.object({ position: position.optional(), body: body.optional() });
export type TextUpdate = z.infer<typeof TextUpdate>;

const short = (max: 60 | 191) => z.string({ error: messages.required }).trim().max(max, messages.maxLength(max));
/** Settings per widget key; unknown keys are refused so nothing unseen is stored. */
export const WIDGET_SETTINGS = {
  'response-counter': z.strictObject({ label: short(60).optional() }, { error: reportsNl.widgetSettings }),
  'date-range': z.strictObject({ label: short(60).optional() }, { error: reportsNl.widgetSettings }),
  'min-n-notice': z.strictObject({ label: short(60).optional() }, { error: reportsNl.widgetSettings }),
  contact: z.strictObject(
    {
      label: short(60).optional(),
      name: short(191).min(1, messages.required),
      email: z.email({ error: messages.email }).max(191, messages.maxLength(191)).optional().or(z.literal('')),
      phone: z.string().trim().regex(/^[0-9+()\- ]{0,20}$/, reportsNl.phone).optional(),
      text: z.string().trim().max(2_000, reportsNl.maxText(2_000)).optional(),
    },
    { error: reportsNl.widgetSettings },
  ),
} as const;

const widgetType = num(int().refine((v) => WIDGETS.some((w) => w.id === v), reportsNl.unknownLookup));
const settingsOf = (typeId: number) => WIDGET_SETTINGS[WIDGETS.find((w) => w.id === typeId)!.key];

/** Validates `settings` for the widget type; issues are prefixed with `settings.`. */
export function checkWidgetSettings(typeId: number, settings: unknown, ctx: z.RefinementCtx) {
  const parsed = settingsOf(typeId).safeParse(settings ?? {});
  if (parsed.success) return parsed.data as Record<string, unknown>;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['settings', ...issue.path.map(String)] });
  return z.NEVER;
}

/** POST widget { section_id, widget_type_id, order?, settings? } */
export const WidgetInput = z
  .object({ section_id: id(), widget_type_id: widgetType, order: order.optional(), settings: z.unknown().optional() })
  .transform((w, ctx) => ({ ...w, settings: checkWidgetSettings(w.widget_type_id, w.settings, ctx) }));
export type WidgetInput = z.infer<typeof WidgetInput>;
/** PUT widget/{id} { order?, settings? } (type and section are fixed; settings replace the old ones). */
export const WidgetUpdate = z.object({ order: order.optional(), settings: z.unknown().optional() });
export type WidgetUpdate = z.infer<typeof WidgetUpdate>;

/** PUT report/{id}/seed { survey_id, replace? }: replace removes the current sections first. */
export const SeedInput = z.object({ survey_id: id(), replace: bool.optional() });
export type SeedInput = z.infer<typeof SeedInput>;

/**
 * PUT report/{id}/responseChart { survey_id?, section_id?, title? }: the report's one response
 * chart (KPI 'Respons'). Defaults: the project's first survey, the first section (a section
 * 'Respons' is made when there is none), title 'Aantal respondenten'.
 */
export const ResponseChartInput = z.object({
  survey_id: id().optional(),
  section_id: id().optional(),
  title: z.string({ error: messages.required }).trim().min(1, messages.required).max(191, messages.maxLength(191)).optional(),
});
export type ResponseChartInput = z.infer<typeof ResponseChartInput>;

/** PUT report/{id}/user { user_ids }: the complete list of explicit readers (empty = the whole project). */
export const ReportUsersInput = z.object({
  user_ids: z
    .array(id(), { error: reportsNl.userIds })
    .max(10_000, messages.max10000)
    .refine((ids) => new Set(ids).size === ids.length, reportsNl.duplicateIds),
});
export type ReportUsersInput = z.infer<typeof ReportUsersInput>;
