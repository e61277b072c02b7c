import { dayFromIso, isoFromDay, periodIndex, periodStart } from './days';
import { periodLabel } from './chart/periods';

/**
 * Period arithmetic for the date choice (README "Date choice"), shared by the server and the
 * benchmark menu: with the date filter on, a range is whole periods of the report's date
 * granularity. The day arithmetic is the engine's own (analytics/days.ts, no I/O).
 */
export type DateGranularity = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** First ('start') or last ('end') day of the period of granularity g that holds an ISO day. */
export function snapIso(iso: string, g: DateGranularity, edge: 'start' | 'end'): string {
  const p = periodIndex(dayFromIso(iso), g);
  return isoFromDay(edge === 'start' ? periodStart(p, g) : periodStart(p + 1, g) - 1);
}

export interface PeriodOption {
  /** First and last day (ISO). */
  start: string;
  end: string;
  /** Dutch label: 'jan 2026', 'week 5 2026', 'K1 2026', '2026'. */
  label: string;
}

/** The periods of g from the one holding `from` to the one holding `to` (at most `max`, the latest kept). */
export function periodOptions(from: string, to: string, g: DateGranularity, max = 400): PeriodOption[] {
  const p0 = periodIndex(dayFromIso(from), g);
  const p1 = periodIndex(dayFromIso(to), g);
  const out: PeriodOption[] = [];
  for (let p = Math.max(p0, p1 - max + 1); p <= p1; p++) {
    const s = periodStart(p, g);
    out.push({ start: isoFromDay(s), end: isoFromDay(periodStart(p + 1, g) - 1), label: periodLabel(s, g) });
  }
  return out;
}
