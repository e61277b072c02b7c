import type { Cube } from './cube';
import { type Granularity, periodIndex, periodStart, rowRange } from './days';

/**
 * Which date ranges a report lets anyone ask for (README "Date choice"). Every range the engine
 * computes is a union of whole *units*: periods of the report's date granularity G, clipped to the
 * report period when the date filter is off. Nothing finer can be obtained, so the neighbour rule
 * (neighbours.ts) steps through time one unit at a time.
 *
 * - dateFilter false: only the report period exists (the service refuses other dates); trend
 *   buckets are periods of the trend granularity inside it.
 * - dateFilter true: a range is snapped outward to whole G periods (start to the first day of its
 *   period, end to the last day of its period), on every path: staff, public, menu, PDF.
 * - A trend granularity g is used as asked only when every g boundary is a G boundary
 *   (alignsWith); otherwise the trend is split by G itself.
 */
export interface DateRules {
  dateFilter: boolean;
  granularity: Granularity;
}

/** Day granularity and free dates: what the engine assumes when a caller gives no rules (tests, benchmarks). */
export const FREE_DATES: DateRules = { dateFilter: true, granularity: 'day' };

export const GRANULARITIES: readonly Granularity[] = ['day', 'week', 'month', 'quarter', 'year'];

/** Whether every period boundary of g is a boundary of G (so each g period is a union of G periods). */
export function alignsWith(g: Granularity, G: Granularity): boolean {
  if (G === 'day') return true;
  if (G === 'week') return g === 'week';
  if (g === 'day' || g === 'week') return false;
  return GRANULARITIES.indexOf(g) >= GRANULARITIES.indexOf(G);
}

/** The trend granularity the engine uses for a requested g: g itself when it aligns with G, else G. */
export function trendGranularity(g: Granularity, G: Granularity): Granularity {
  return alignsWith(g, G) ? g : G;
}

/** First day of the G period holding `day`. */
export const snapStart = (day: number, G: Granularity) => periodStart(periodIndex(day, G), G);
/** Last day of the G period holding `day`. */
export const snapEnd = (day: number, G: Granularity) => periodStart(periodIndex(day, G) + 1, G) - 1;

const OPEN_START = -2_147_483_648;
const OPEN_END = 2_147_483_647;

/**
 * The span of days anything can be asked for, in whole units: the report period (date filter
 * off) or all time (on). Rows [lo, hi) of the cube fall inside it.
 */
export interface TimeDomain {
  G: Granularity;
  startDay: number;
  endDay: number;
  lo: number;
  hi: number;
}

export function timeDomain(cube: Cube, rules: DateRules, reportRange: [number, number]): TimeDomain {
  if (rules.dateFilter) return { G: rules.granularity, startDay: OPEN_START, endDay: OPEN_END, lo: 0, hi: cube.rowCount };
  const [startDay, endDay] = reportRange;
  return { G: rules.granularity, startDay, endDay, ...rowRange(cube, startDay, endDay) };
}

/** The inclusive day range a benchmark covers under the rules (dates already refused or defaulted by the caller). */
export function effectiveRange(rules: DateRules, start: number, end: number, reportRange: [number, number]): [number, number] {
  if (!rules.dateFilter) return reportRange;
  return [snapStart(start, rules.granularity), snapEnd(end, rules.granularity)];
}

/** Row range [lo, hi) of the unit (G period within the domain) that holds row r. */
export function unitRows(cube: Cube, domain: TimeDomain, r: number): { lo: number; hi: number } {
  const u = periodIndex(cube.days[r]!, domain.G);
  const s = Math.max(periodStart(u, domain.G), domain.startDay);
  const e = Math.min(periodStart(u + 1, domain.G) - 1, domain.endDay);
  return rowRange(cube, s, e);
}
