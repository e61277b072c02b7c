import type { Days } from './cube';

// The calendar arithmetic (days since 1970, periods) is shared with the browser: src/shared/days.ts.
export { type Granularity, dayFromIso, isoFromDay, periodIndex, periodStart } from '../../shared/days';

/** First row index whose day is >= day in an ascending day column. */
export function lowerBound(days: Days, day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (days[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Row range [lo, hi) of an inclusive day range in a cube's ascending day column. */
export function rowRange(cube: { days: Days }, startDay: number, endDay: number): { lo: number; hi: number } {
  const lo = lowerBound(cube.days, startDay);
  const hi = endDay < startDay ? lo : lowerBound(cube.days, endDay + 1);
  return { lo, hi };
}
