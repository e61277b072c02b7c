/**
 * The row of data_generations (db/schema/cache.ts) the report inputs raise (migration 0011's
 * triggers): read with the session (auth/sessions.ts) and by the answer cache
 * (services/report-data/answer-cache.ts).
 */
export const REPORT_INPUTS = 'report-inputs';
