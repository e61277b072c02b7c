import type { z } from 'zod';
import type { BenchmarkBody } from '../validation/report-data';
import type { SCHEDULE_FORMATS, SCHEDULE_FREQUENCIES } from '../validation/schedules';

/** A schedule as GET report/{id}/schedule lists it. */
export interface ScheduleItem {
  id: number;
  frequency: (typeof SCHEDULE_FREQUENCIES)[number];
  weekday: number;
  hour: number;
  format: (typeof SCHEDULE_FORMATS)[number];
  message: string;
  benchmarks: z.infer<typeof BenchmarkBody>[];
  recipients: number[];
  emails: string[];
  /** Recipients who unsubscribed (names or addresses), shown so the sender knows. */
  unsubscribed: string[];
  next_run_at: string | null;
  last_run_at: string | null;
}

/** A project member the schedule can be sent to. */
export interface ScheduleCandidate {
  id: number;
  fullname: string;
  email: string;
}
