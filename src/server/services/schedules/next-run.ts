import type { ScheduleFrequency } from '../../db/schema/schedules';

/** Schedules speak Dutch clock time: weekday and hour are in this zone, summer time included. */
export const SCHEDULE_TIME_ZONE = 'Europe/Amsterdam';

const parts = new Intl.DateTimeFormat('en-GB', { timeZone: SCHEDULE_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });

/** The Amsterdam wall clock of an instant. */
function wallClock(at: Date): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour!, min: p.minute!, s: p.second! };
}

/** The instant of an Amsterdam wall-clock hour (a skipped hour in spring resolves to the hour after). */
export function amsterdamTime(y: number, m: number, d: number, h: number): Date {
  const guess = Date.UTC(y, m - 1, d, h);
  const offsetAt = (t: number) => {
    const w = wallClock(new Date(t));
    return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - t;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
const isoWeekday = (y: number, m: number, d: number) => ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;

export interface ScheduleTiming {
  frequency: ScheduleFrequency;
  weekday: number;
  hour: number;
}

/**
 * The first run strictly after `after`: weekly (and once) on the next such weekday and hour; monthly
 * on that weekday in the first seven days of a month; quarterly the same in January, April, July
 * and October.
 */
export function nextRun(s: ScheduleTiming, after: Date): Date {
  const now = wallClock(after);
  if (s.frequency === 'weekly' || s.frequency === 'once') {
    for (let i = 0; i <= 7; i++) {
      const day = new Date(Date.UTC(now.y, now.m - 1, now.d + i));
      const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
      if (isoWeekday(y, m, d) !== s.weekday) continue;
      const at = amsterdamTime(y, m, d, s.hour);
      if (at > after) return at;
    }
  }
  const step = s.frequency === 'quarterly' ? 3 : 1;
  for (let i = 0; i <= 24; i++) {
    const month = new Date(Date.UTC(now.y, now.m - 1 + i, 1));
    const [y, m] = [month.getUTCFullYear(), month.getUTCMonth() + 1];
    if ((m - 1) % step !== 0) continue;
    const d = 1 + ((s.weekday - isoWeekday(y, m, 1) + 7) % 7);
    const at = amsterdamTime(y, m, d, s.hour);
    if (at > after) return at;
  }
  throw new Error('no next run found');
}
