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
  /** APP_ENV, for rules that differ by environment (the LimeSurvey address rule); absent = production (the strictest). */
  appEnv?: 'production' | 'development' | 'test';
  /** The job system the job runs in, for a job that schedules its own follow-up (the cube rebuild's cool-down); absent in bare test runs. */
  jobs?: JobSystem;
}

export type ReportProgress = (percent: number) => Promise<void>;
export type JobHandler = (deps: JobDeps, job: JobRow, progress: ReportProgress) => Promise<Record<string, unknown>>;

/**
 * Job kind name → handler. The full registry is assembled at the composition root
 * (src/server/job-kinds.ts) and handed to whoever runs jobs (the Queue consumer, the inline job
 * system); services enqueue by kind name through `ctx.jobs` and never import it.
 */
export type JobKinds = Readonly<Record<string, JobHandler>>;

/** ctx.jobs: start long work and reach the files it reads. Queue-backed in the Worker, inline in Node. */
export interface JobSystem {
  files: FileStore;
  /**
   * `delaySeconds`: deliver no earlier than that (the Queue's delayed delivery, whole seconds up to
   * 12 hours). The inline job system runs at once: it has no clock to wait on, like its retries.
   */
  enqueue(kind: string, payload: Record<string, unknown>, createdBy: number | null, opts?: EnqueueOptions): Promise<JobRow>;
  /** Delivers an existing (queued) job again: the admin's restart of a failed job. */
  redeliver(jobId: number): Promise<void>;
}

export interface EnqueueOptions {
  delaySeconds?: number;
}

export interface JobMessage {
  jobId: number;
}
