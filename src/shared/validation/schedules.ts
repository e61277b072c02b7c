import './zod-nl';
import { z } from 'zod';
import { schedulesNl as t } from '../i18n/schedules';
import { messages } from './messages';
import { BenchmarkBody } from './report-data';
import { MAX_BENCHMARKS, tooManyBenchmarks } from './reports';

export const SCHEDULE_FREQUENCIES = ['once', 'weekly', 'monthly', 'quarterly'] as const;
export const SCHEDULE_FORMATS = ['link', 'pdf'] as const;
export const MAX_SCHEDULE_RECIPIENTS = 100;

const int = (error: string) => z.number({ error }).int(error);

/** POST report/{id}/schedule and PUT report/{id}/schedule/{sid} (the whole schedule). */
export const ScheduleInput = z
  .object({
    recipients: z.array(int(messages.wholeNumber).min(1, messages.min1), { error: messages.wholeNumber }).max(MAX_SCHEDULE_RECIPIENTS, t.tooManyRecipients).default([]),
    emails: z
      .array(z.string({ error: messages.email }).trim().toLowerCase().pipe(z.email(messages.email).max(191, messages.maxLength(191))), { error: messages.email })
      .max(MAX_SCHEDULE_RECIPIENTS, t.tooManyRecipients)
      .default([]),
    frequency: z.enum(SCHEDULE_FREQUENCIES, { error: t.frequencyInvalid }),
    weekday: int(t.weekdayInvalid).min(1, t.weekdayInvalid).max(7, t.weekdayInvalid),
    hour: int(t.hourInvalid).min(0, t.hourInvalid).max(23, t.hourInvalid),
    format: z.enum(SCHEDULE_FORMATS, { error: t.formatInvalid }),
    message: z.string({ error: t.messageTooLong }).trim().max(2000, t.messageTooLong).default(''),
    /** The PDF's benchmarks (the view the sender had open); default: all respondents. */
    benchmarks: z.array(BenchmarkBody, { error: messages.benchmarkMin }).min(1, messages.benchmarkMin).max(MAX_BENCHMARKS, tooManyBenchmarks(MAX_BENCHMARKS)).default([{}]),
  })
  .refine((s) => s.recipients.length + s.emails.length > 0, { message: t.recipientsRequired, path: ['recipients'] })
  .refine((s) => new Set(s.recipients).size + new Set(s.emails).size <= MAX_SCHEDULE_RECIPIENTS, { message: t.tooManyRecipients, path: ['recipients'] });
export type ScheduleInput = z.infer<typeof ScheduleInput>;
