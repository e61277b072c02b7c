/** Days are Int32 counts of UTC days since 1970-01-01 (day 0, a Thursday). */
export type Granularity = 'day' | 'week' | 'month' | 'quarter' | 'year';

export function dayFromIso(iso: string): number {
  const t = Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(t)) throw new RangeError(`invalid date: ${iso}`);
  return Math.floor(t / 86_400_000);
}

export function isoFromDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Civil year and month (0-11) of a day, integer arithmetic only (H. Hinnant's days_from_civil inverse). */
function yearMonth(day: number): number {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return y * 12 + (m - 1);
}

/**
 * Index of the calendar period holding `day`: days; ISO weeks (Monday first); months; quarters;
 * years. Consecutive periods have consecutive indexes.
 */
export function periodIndex(day: number, g: Granularity): number {
  switch (g) {
    case 'day':
      return day;
    case 'week':
      return Math.floor((day + 3) / 7);
    case 'month':
      return yearMonth(day);
    case 'quarter':
      return Math.floor(yearMonth(day) / 3);
    case 'year':
      return Math.floor(yearMonth(day) / 12);
  }
}

/** First day of period `index` of granularity g. */
export function periodStart(index: number, g: Granularity): number {
  switch (g) {
    case 'day':
      return index;
    case 'week':
      return index * 7 - 3;
    case 'month':
      return Math.floor(Date.UTC(Math.floor(index / 12), index - Math.floor(index / 12) * 12, 1) / 86_400_000);
    case 'quarter':
      return periodStart(index * 3, 'month');
    case 'year':
      return periodStart(index * 12, 'month');
  }
}
