import { jobs } from '../db/schema';
import type { Db } from '../db/client';
import type { FileStore } from '../files/store';
import { runJob } from './run-job';
import type { JobKinds, JobMessage, JobSystem } from './types';

async function insertJob(db: Db, kind: string, payload: Record<string, unknown>, createdBy: number | null) {
  const [job] = await db.insert(jobs).values({ kind, payload, createdBy }).returning();
  return job!;
}

/** The Worker's job system: the row is written, the Queue JOBS delivers `{ jobId }` to the consumer. */
export function queueJobSystem(db: Db, queue: Pick<Queue<JobMessage>, 'send'>, files: FileStore): JobSystem {
  return {
    files,
    async enqueue(kind, payload, createdBy, opts) {
      const job = await insertJob(db, kind, payload, createdBy);
      const delaySeconds = Math.max(0, Math.round(opts?.delaySeconds ?? 0));
      await queue.send({ jobId: job.id }, delaySeconds ? { delaySeconds } : undefined);
      return job;
    },
    async redeliver(jobId) {
      await queue.send({ jobId });
    },
  };
}

/**
 * Runs the job to completion before returning (with the same retry rule as the Queue, minus the
 * wait — a delayed job runs at once too): for Node scripts (seed, benchmarks) and tests, where
 * there is no Queue. `kinds`: the registry of job kinds (src/server/job-kinds.ts `JOB_KINDS`).
 */
export function inlineJobSystem(kinds: JobKinds, db: Db, files: FileStore, now: () => Date = () => new Date()): JobSystem {
  const system: JobSystem = {
    files,
    async enqueue(kind, payload, createdBy) {
      const job = await insertJob(db, kind, payload, createdBy);
      await system.redeliver(job.id);
      return job;
    },
    async redeliver(jobId) {
      while ((await runJob(kinds, { db, files, now, jobs: system }, jobId)) === 'retry');
    },
  };
  return system;
}
