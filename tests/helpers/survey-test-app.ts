import type { Db } from '../../src/server/db/client';
import { r2FileStore } from '../../src/server/files/store';
import { queueJobSystem } from '../../src/server/jobs/enqueue';
import { runJob } from '../../src/server/jobs/run-job';
import type { JobMessage } from '../../src/server/jobs/types';
import { memoryBucket } from './file-stores';
import { createTestApp } from './test-app';
import { JOB_KINDS } from '../../src/server/job-kinds';

/**
 * The test app with the two bindings jobs need: FILES as an in-memory bucket and JOBS as a queue
 * double that delivers each message at once (same runJob as the Worker's consumer, retries and
 * delayed messages without the wait).
 */
export function createSurveyTestApp() {
  const bucket = memoryBucket();
  const files = r2FileStore(bucket);
  const sent: JobMessage[] = [];
  let deliver = true;
  let database: Db | undefined;
  const queue = {
    async send(message: JobMessage) {
      sent.push(message);
      if (!deliver || !database) return;
      const jobs = queueJobSystem(database, queue as unknown as Queue, files);
      while ((await runJob(JOB_KINDS, { db: database, files, now: () => new Date(), jobs, appEnv: 'test' }, message.jobId)) === 'retry');
    },
  };
  const t = createTestApp((db) => {
    database = db;
    return { FILES: bucket as unknown as R2Bucket, JOBS: queue as unknown as Queue };
  });
  return {
    ...t,
    bucket,
    files,
    sent,
    /** Hold deliveries (to observe queued jobs); `false` → messages are only recorded. */
    setDelivery: (on: boolean) => void (deliver = on),
  };
}
