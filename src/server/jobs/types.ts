import type { Db } from '../db/client';
import type { jobs } from '../db/schema';
import type { FileStore } from '../files/store';
import type { Mailer } from '../mail/mailer';

export type JobRow = typeof jobs.$inferSelect;

/** What a job handler gets: no user (the permission check happened when it was enqueued). */
export interface JobDeps {
  db: Db;
  files: FileStore;
  now: () => Date;
  /** The configured mail adapter (the Worker's consumer); jobs without it record mail in the outbox only. */
  mailer?: Mailer;
  /** APP_URL, for links in mails sent by jobs. */
  appUrl?: string;
  /** TOTP_ENCRYPTION_KEY, for jobs that open sealed secrets (a LimeSurvey connection's password); absent = the development key. */
  secretKey?: string;
}

export type ReportProgress = (percent: number) => Promise<void>;
export type JobHandler = (deps: JobDeps, job: JobRow, progress: ReportProgress) => Promise<Record<string, unknown>>;

/** ctx.jobs: start long work and reach the files it reads. Queue-backed in the Worker, inline in Node. */
export interface JobSystem {
  files: FileStore;
  enqueue(kind: string, payload: Record<string, unknown>, createdBy: number | null): Promise<JobRow>;
  /** Delivers an existing (queued) job again: the admin's restart of a failed job. */
  redeliver(jobId: number): Promise<void>;
}

export interface JobMessage {
  jobId: number;
}
