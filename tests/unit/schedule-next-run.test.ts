import { describe, expect, it } from 'vitest';
import { amsterdamTime, nextRun } from '../../src/server/services/schedules/next-run';

const at = (iso: string) => new Date(iso);

describe('nextRun (Amsterdam clock)', () => {
  it('weekly: the next such weekday and hour, later the same day when the hour is still ahead', () => {
    // Wednesday 2026-11-25 10:00 in Amsterdam (CET, UTC+1).
    expect(nextRun({ frequency: 'weekly', weekday: 1, hour: 8 }, at('2026-11-25T09:00:00Z')).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    expect(nextRun({ frequency: 'weekly', weekday: 3, hour: 14 }, at('2026-11-25T09:00:00Z')).toISOString()).toBe('2026-11-25T13:00:00.000Z');
    expect(nextRun({ frequency: 'weekly', weekday: 3, hour: 10 }, at('2026-11-25T09:00:00Z')).toISOString()).toBe('2026-12-02T09:00:00.000Z');
    expect(nextRun({ frequency: 'once', weekday: 5, hour: 9 }, at('2026-11-25T09:00:00Z')).toISOString()).toBe('2026-11-27T08:00:00.000Z');
  });

  it('follows summer time (08:00 is 06:00 UTC in July) and the spring gap', () => {
    expect(nextRun({ frequency: 'weekly', weekday: 1, hour: 8 }, at('2026-07-01T00:00:00Z')).toISOString()).toBe('2026-07-06T06:00:00.000Z');
    // 29 March 2026 02:00 does not exist in Amsterdam: the run is at 03:00 CEST.
    expect(amsterdamTime(2026, 3, 29, 2).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('monthly: that weekday in the first week of the month; quarterly: only Jan, Apr, Jul, Oct', () => {
    // First Monday of December 2026 is the 7th.
    expect(nextRun({ frequency: 'monthly', weekday: 1, hour: 9 }, at('2026-11-25T09:00:00Z')).toISOString()).toBe('2026-12-07T08:00:00.000Z');
    // First Tuesday of January 2027 is the 5th.
    expect(nextRun({ frequency: 'quarterly', weekday: 2, hour: 9 }, at('2026-11-25T09:00:00Z')).toISOString()).toBe('2027-01-05T08:00:00.000Z');
    // Just after a monthly run the next is a month on.
    expect(nextRun({ frequency: 'monthly', weekday: 1, hour: 9 }, at('2026-12-07T08:00:00Z')).toISOString()).toBe('2027-01-04T08:00:00.000Z');
  });
});
