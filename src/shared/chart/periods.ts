import { chartsNl } from '../i18n/charts';

export type PeriodGranularity = 'day' | 'week' | 'month' | 'quarter' | 'year';

const DAY_MS = 86_400_000;

/** ISO week number and its year of a UTC date. */
function isoWeek(d: Date): { week: number; year: number } {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const dow = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - dow);
  const yearStart = Date.UTC(t.getUTCFullYear(), 0, 1);
  return { week: Math.ceil(((t.getTime() - yearStart) / DAY_MS + 1) / 7), year: t.getUTCFullYear() };
}

/**
 * Dutch label of the calendar period starting on `startDay` (days since 1970-01-01):
 * '5 jan 2026', 'week 5 2026', 'jan 2026', 'K1 2026', '2026'.
 */
export function periodLabel(startDay: number, g: PeriodGranularity): string {
  const d = new Date(startDay * DAY_MS);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (g) {
    case 'day':
      return `${d.getUTCDate()} ${chartsNl.months[m]} ${y}`;
    case 'week': {
      const w = isoWeek(d);
      return chartsNl.period.week(w.week, w.year);
    }
    case 'month':
      return `${chartsNl.months[m]} ${y}`;
    case 'quarter':
      return chartsNl.period.quarter(Math.floor(m / 3) + 1, y);
    case 'year':
      return String(y);
  }
}
