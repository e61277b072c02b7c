import './zod-nl';
import { z } from 'zod';
import { reportsNl } from '../i18n/reports';
import { protectionNl } from '../i18n/protection';
import { CHART_SORTING_OPTIONS, CHART_TYPES, COLOR_SCHEMES, DATA_FORMATS, DATA_TYPES, GRANULARITY, KPIS, PATTERNS, REPORT_STATUSES } from '../lookups';
import { messages } from './messages';
import { CHART_OPTION_KEYS, parseOptionValue } from './reports-parts';

/** The smallest min_n a report may have (the FAQ promises results only from groups of 5 or more); 10 is the default. */
export const MIN_N_FLOOR = 5;
export const DEFAULT_MIN_N = 10;
/**
 * The most benchmarks a report may compare side by side. The engine's differencing plan keeps
 * three bitsets per pair of benchmarks (3·k² row bitsets per request): at 1,000,000 respondents
 * 8 benchmarks add ~24 MB to the ~66 MB peak of a 4-benchmark report, still inside the Worker's
 * 90 MB cube budget; 10 would add ~37 MB and the old ceiling of 10,000 would exhaust any isolate.
 */
export const MAX_BENCHMARKS = 8;
/** 'Maximaal 8 benchmarks' — for a report's benchmark_count and for a data call's benchmarks. */
export const tooManyBenchmarks = (max: number) => `Maximaal ${max} ${max === 1 ? 'benchmark' : 'benchmarks'}`;
/** date_granularity: the unit date ranges snap to with the date filter on (day only on purpose). */
export const DATE_GRANULARITIES = ['day', 'week', 'month', 'quarter', 'year'] as const;
/** protection: how small groups are protected — suppress (exact numbers, neighbour rules) or cellkey (perturbed counts). */
export const PROTECTIONS = ['suppress', 'cellkey'] as const;
export type Protection = (typeof PROTECTIONS)[number];

const num = <T extends z.ZodType>(field: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), field);
const int = () => z.number({ error: messages.wholeNumber }).int(messages.wholeNumber);
const order = num(int().min(0, messages.wholeNumber).max(1_000_000, messages.max1000000));
const text = (max: 60 | 191) => z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));
const bool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: messages.required }));
const date = z.string({ error: reportsNl.date }).regex(/^\d{4}-\d{2}-\d{2}$/, reportsNl.date).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), reportsNl.date);
/** One of a lookup's ids (shared/lookups); anything else is a Dutch 422. */
const lookup = (list: readonly { id: number }[]) => num(int().refine((id) => list.some((l) => l.id === id), reportsNl.unknownLookup));

const reportFields = {
  project_id: num(int().min(1, messages.min1)),
  /** Makes the new report a variant (sub-report) of this main report. */
  parent_report_id: num(int().min(1, messages.min1)),
  title: text(191),
  start_date: date.nullable().optional(),
  end_date: date.optional(),
  date_filter: bool.optional(),
  benchmark_count: num(int().min(1, messages.benchmarkMin).max(MAX_BENCHMARKS, tooManyBenchmarks(MAX_BENCHMARKS))).optional(),
  multiple_filters: z.preprocess((v) => (v === '' ? null : v), num(z.union([z.literal(2), z.literal(3)], { error: reportsNl.multipleFilters })).nullable()).optional(),
  hide_risky_filters: bool.optional(),
  hide_empty_filters: bool.optional(),
  min_n: num(int().min(MIN_N_FLOOR, reportsNl.minNFloor).max(10_000, messages.max10000)).optional(),
  date_granularity: z.enum(DATE_GRANULARITIES, { error: reportsNl.dateGranularity }).optional(),
  include_incomplete: bool.optional(),
  protection: z.enum(PROTECTIONS, { error: protectionNl.unknown }).optional(),
  languages: z.string({ error: reportsNl.languages }).trim().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?(,[a-z]{2}(-[A-Za-z]{2,4})?)*$/, reportsNl.languages).optional(),
  pdf_export: bool.optional(),
  direct_access: bool.optional(),
  status_id: lookup(REPORT_STATUSES).optional(),
};
const datesInOrder = (r: { start_date?: string | null; end_date?: string }) => !r.start_date || !r.end_date || r.start_date <= r.end_date;

/** POST report: on a project, or as a variant of a main report (parent_report_id; the project follows from it). */
export const ReportInput = z
  .object({ ...reportFields, project_id: reportFields.project_id.optional(), parent_report_id: reportFields.parent_report_id.optional() })
  .refine(datesInOrder, { message: reportsNl.dateOrder, path: ['end_date'] })
  .refine((r) => r.project_id !== undefined || r.parent_report_id !== undefined, { message: reportsNl.projectOrParent, path: ['project_id'] });
export type ReportInput = z.infer<typeof ReportInput>;
/** PUT report/{id}: any field; archived true/false archives or de-archives. */
export const ReportUpdate = z
  .object({ ...reportFields, archived: bool.optional(), weighting_id: z.preprocess((v) => (v === '' ? null : v), num(int().min(1, messages.min1)).nullable()).optional() })
  .omit({ project_id: true, parent_report_id: true })
  .partial()
  .refine(datesInOrder, { message: reportsNl.dateOrder, path: ['end_date'] });
export type ReportUpdate = z.infer<typeof ReportUpdate>;

/** GET report query: archived=1 also lists archived reports; project_id narrows to one project. */
export const ReportListQuery = z.object({
  archived: z.enum(['0', '1'], { error: reportsNl.archivedFlag }).optional(),
  project_id: num(int().min(1, messages.min1)).optional(),
});
/** GET report/{id} query: include=sections[.charts[.dataLocations]],bookmarks */
export const ReportGetQuery = z.object({ include: z.string().max(191, messages.maxLength(191)).optional() });

/** POST/PUT report/{id}/section[/{id}] */
export const SectionInput = z.object({ title: text(191), order: order.optional() });
export type SectionInput = z.infer<typeof SectionInput>;
export const SectionUpdate = SectionInput.partial();
export type SectionUpdate = z.infer<typeof SectionUpdate>;

const chartFields = {
  section_id: num(int().min(1, messages.min1)),
  chart_type_id: lookup(CHART_TYPES),
  title: text(191),
  order: order.optional(),
  sorting_option_id: lookup(CHART_SORTING_OPTIONS).nullable().optional(),
  data_format_id: lookup(DATA_FORMATS).nullable().optional(),
  data_type_id: lookup(DATA_TYPES).nullable().optional(),
  kpi_id: lookup(KPIS).nullable().optional(),
  pattern_id: lookup(PATTERNS).nullable().optional(),
  granularity_id: lookup(GRANULARITY).optional(),
  color_scheme_id: lookup(COLOR_SCHEMES).nullable().optional(),
  options: z.record(z.string(), z.unknown(), { error: messages.required }).transform(knownOptions).optional(),
};

/**
 * The chart's own options object may carry the chart option keys too (the API has always taken
 * them there; `max` was set only so): each such key is checked with its chartOption schema, the
 * rest (e.g. `rchart`, checked by its own call) passes as it is.
 */
function knownOptions(options: Record<string, unknown>, ctx: z.RefinementCtx): Record<string, unknown> {
  const out = { ...options };
  for (const key of CHART_OPTION_KEYS) {
    if (!(key in options) || options[key] === null || options[key] === undefined) continue;
    const parsed = parseOptionValue(key, options[key]);
    if (parsed.success) out[key] = parsed.data;
    else ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? messages.required, path: [key] });
  }
  return out;
}
/** POST chart */
export const ChartInput = z.object(chartFields);
export type ChartInput = z.infer<typeof ChartInput>;
/** PUT chart/{id} (the section is fixed). */
export const ChartUpdate = z.object(chartFields).omit({ section_id: true }).partial();
export type ChartUpdate = z.infer<typeof ChartUpdate>;

const dataLocationFields = {
  chart_id: num(int().min(1, messages.min1)),
  survey_id: num(int().min(1, messages.min1)),
  column_key: z.string({ error: messages.required }).trim().min(1, messages.required).max(191, messages.maxLength(191)),
  label: z.string().trim().max(191, messages.maxLength(191)).nullable().optional(),
  n_method: z.enum(['respondents', 'answers', 'total'], { error: reportsNl.nMethod }).optional(),
  order: order.optional(),
};
/** POST dataLocation */
export const DataLocationInput = z.object(dataLocationFields);
export type DataLocationInput = z.infer<typeof DataLocationInput>;
/** PUT dataLocation/{id} (the chart is fixed). */
export const DataLocationUpdate = z.object(dataLocationFields).omit({ chart_id: true }).partial();
export type DataLocationUpdate = z.infer<typeof DataLocationUpdate>;

/** PATCH …/order: the child ids in their new order. */
export const OrderInput = z.object({
  order: z
    .array(num(int().min(1, messages.min1)), { error: messages.minOneOption })
    .min(1, messages.minOneOption)
    .max(10_000, messages.max10000)
    .refine((ids) => new Set(ids).size === ids.length, reportsNl.duplicateIds),
});
export type OrderInput = z.infer<typeof OrderInput>;

const benchmark = z.object({
  label: z.string().max(191).optional(),
  start: z.string().nullable().optional(),
  end: z.string().nullable().optional(),
  filterCategories: z.record(z.string(), z.array(z.number())).optional(),
});
/** query_string: JSON text (or the list itself) of the benchmarks. */
const queryString = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return undefined;
    }
  },
  z.array(benchmark, { error: reportsNl.queryString }).min(1, reportsNl.queryString),
);
/** POST/PUT report/{id}/reportBookmark[/{id}] */
export const BookmarkInput = z.object({ name: text(60), query_string: queryString });
export type BookmarkInput = z.infer<typeof BookmarkInput>;
export const BookmarkUpdate = BookmarkInput.partial();
export type BookmarkUpdate = z.infer<typeof BookmarkUpdate>;
