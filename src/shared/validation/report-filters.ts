import './zod-nl';
import { z } from 'zod';
import { reportFiltersNl } from '../i18n/report-filters';
import { messages } from './messages';

/** A real calendar day (2026-02-31 is refused: it must survive the round trip). */
const isDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;
const date = z.string({ error: reportFiltersNl.date }).refine(isDay, reportFiltersNl.date);
const id = z.number({ error: messages.wholeNumber }).int(messages.wholeNumber).min(1, messages.min1);

/** POST report/{id}/filterCategory: the benchmark being edited (its chosen options and dates). */
export const FilterSyncBody = z.object({
  selectedFilterOptions: z.array(id, { error: messages.wholeNumber }).max(1000, messages.max10000),
  start: date.nullable().optional(),
  end: date.nullable().optional(),
});
export type FilterSyncBody = z.infer<typeof FilterSyncBody>;

/** PUT report/{id}/filterOption/{oid}: show (true) or hide (false) the option in this report. */
export const FilterOptionOverride = z.object({ exposed: z.boolean({ error: reportFiltersNl.exposed }) });
export type FilterOptionOverride = z.infer<typeof FilterOptionOverride>;
