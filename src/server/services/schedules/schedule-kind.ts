// Leaf module (no imports): the job registry, the cron and the run job need these names.
/** One due run of a schedule: draws the PDF once (if asked) and enqueues one mail job per recipient. */
export const SCHEDULE_RUN_JOB = 'report.schedule-run';
/** One mail of a run, retried on its own when the mail adapter fails. */
export const SCHEDULE_MAIL_JOB = 'report.schedule-mail';
export const schedulePdfKey = (scheduleId: number, jobId: number) => `schedules/${scheduleId}/${jobId}.pdf`;
