import { jobs } from '../db/schema';
import type { Db } from '../db/client';
import type { FileStore } from '../files/store';
import { runJob } from './run-job';
import type { JobMessage, JobSystem } from './types';

async function insertJob(db: Db, kind: string, payload: Record<string, unknown>, createdBy: number | null) {
  const [job] = await db.insert(jobs).values({ kind, payload, createdBy }).returning();
  return job!;
}

/** The Worker's job system: the row is written, the Queue JOBS delivers `{ jobId }` to the consumer. */
export function queueJobSystem(db: Db, queue: Pick<Queue<JobMessage>, 'send'>, files: FileStore): JobSystem {
  return {
    files,
    async enqueue(kind, payload, createdBy) {
      const job = await insertJob(db, kind, payload, createdBy);
      await queue.send({ jobId: job.id });
      return job;
    },
    async redeliver(jobId) {
      await queue.send({ jobId });
    },
  };
}

/**
 * Runs the job to completion before returning (with the same retry rule as the Queue, minus the
 * wait): for Node scripts (seed, benchmarks) and tests, where there is no Queue.
 */
export function inlineJobSystem(db: Db, files: FileStore, now: () => Date = () => new Date()): JobSystem {
  return {
    files,
    async enqueue(kind, payload, createdBy) {
      const job = await insertJob(db, kind, payload, createdBy);
      while ((await runJob({ db, files, now }, job.id)) === 'retry');
      return job;
    },
    async redeliver(jobId) {
      while ((await runJob({ db, files, now }, jobId)) === 'retry');
    },
  };
}
