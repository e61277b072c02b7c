import './zod-nl';
import { z } from 'zod';
import { GRANULARITY } from '../lookups';
import { messages } from './messages';
import { MAX_BENCHMARKS, tooManyBenchmarks } from './reports';

/** Dutch texts of the data endpoint (spec 001 §7 Dashboard). */
export const reportDataNl = {
  date: 'Voer een geldige datum in (jjjj-mm-dd)',
  granularity: 'Kies een geldige granulariteit',
  tooManyBenchmarks,
  foreignFilterOption: 'Een gekozen filteroptie hoort niet bij dit rapport',
  filterCombination: 'Deze combinatie van filters is in dit rapport niet toegestaan',
  unknownColumn: 'Een grafiek verwijst naar een vraag die niet (meer) in de enquête staat',
  badCondition: 'Een filteroptie heeft een voorwaarde die niet bij de enquête past',
  failed: 'De resultaten konden niet worden berekend',
  askAi: 'Kies of de assistent een toelichting schrijft (ja of nee)',
  aiInput: 'Uw vraag aan de assistent mag maximaal 2000 tekens lang zijn',
  topic: 'Het onderwerp mag maximaal 200 tekens lang zijn',
} as const;

const date = z
  .string({ error: reportDataNl.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, reportDataNl.date)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), reportDataNl.date);
const id = z.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1);

export const BenchmarkBody = z.object({
  label: z.string({ error: messages.required }).trim().max(60, messages.maxLength(60)).optional(),
  start: date.nullable().optional(),
  end: date.nullable().optional(),
  filterOptions: z.array(id, { error: messages.wholeNumber }).max(1000, messages.max10000).optional(),
});

/** POST data/{version}/{lang}/report/{id}[/section|chart|dataLocation/{id}]. */
export const ReportDataBody = z.object({
  benchmarks: z.array(BenchmarkBody, { error: messages.benchmarkMin }).min(1, messages.benchmarkMin).max(MAX_BENCHMARKS, tooManyBenchmarks(MAX_BENCHMARKS)),
  granularity: z
    .number({ error: reportDataNl.granularity })
    .int(reportDataNl.granularity)
    .refine((g) => GRANULARITY.some((l) => l.id === g), reportDataNl.granularity)
    .optional(),
  granularityStartDate: date.nullable().optional(),
  /** AI assistant (summary page): adds data.ai, written only from the unsuppressed aggregates. */
  askAi: z.boolean({ error: reportDataNl.askAi }).optional(),
  aiInput: z.string({ error: reportDataNl.aiInput }).trim().max(2000, reportDataNl.aiInput).optional(),
  topic: z.string({ error: reportDataNl.topic }).trim().max(200, reportDataNl.topic).optional(),
});
export type ReportDataBody = z.infer<typeof ReportDataBody>;

/** POST report/{id}/export/chart: a chart's numbers downloaded as CSV or Excel (made in the browser), for the audit trail. */
export const ChartDownloadInput = z.object({
  chart_id: id,
  format: z.enum(['csv', 'xlsx'], { error: 'Kies CSV of Excel (xlsx)' }),
});
export type ChartDownloadInput = z.infer<typeof ChartDownloadInput>;
