import { workerDb } from '../db/web';
import { readConfig, type Bindings } from '../env';
import { r2FileStore } from '../files/store';
import { createMailer } from '../mail/mailer';
import { queueJobSystem } from './enqueue';
import { runJob } from './run-job';
import type { JobKinds, JobMessage } from './types';

/** Retry delays grow 10 s, 40 s, 160 s … (capped at 15 minutes). */
export const retryDelaySeconds = (attempts: number) => Math.min(900, 10 * 4 ** Math.max(0, attempts - 1));

/**
 * The Queue JOBS consumer: one message = one delivery of one job. `kinds`: the registry of job
 * kinds, handed in by the composition root (src/worker.ts with src/server/job-kinds.ts).
 */
export async function consumeJobs(kinds: JobKinds, batch: MessageBatch<JobMessage>, env: Bindings): Promise<void> {
  if (!env.FILES) throw new Error('FILES binding missing: the job consumer needs R2');
  const db = workerDb(env);
  const config = readConfig(env);
  const files = r2FileStore(env.FILES);
  const jobs = env.JOBS ? queueJobSystem(db, env.JOBS, files) : undefined;
  const deps = { db, files, now: () => new Date(), mailer: createMailer(db, config), appUrl: config.appUrl, secretKey: env.TOTP_ENCRYPTION_KEY || undefined, appEnv: config.appEnv, jobs };
  for (const message of batch.messages) {
    const jobId = Number(message.body?.jobId);
    if (!Number.isInteger(jobId)) {
      message.ack();
      continue;
    }
    const outcome = await runJob(kinds, deps, jobId);
    if (outcome === 'retry') message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    else message.ack();
  }
}
