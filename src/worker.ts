import handler from '@astrojs/cloudflare/entrypoints/server';
import { deleteExpiredSessions } from './server/auth/sessions';
import { workerDb } from './server/db/web';
import type { Bindings } from './server/env';
import { consumeJobs } from './server/jobs/consumer';
import type { JobMessage } from './server/jobs/types';
import { deleteExpiredChallenges } from './server/services/auth/delete-expired-challenges';
import { deleteExpiredAccountRows } from './server/services/auth/delete-expired-account-rows';
import { queueJobSystem } from './server/jobs/enqueue';
import { r2FileStore } from './server/files/store';
import { enqueueScheduledSyncs } from './server/services/lime/sync-job';
import { sweepCubeRebuilds } from './server/services/participate/cube-rebuild';

/** Worker entry: Astro's fetch handler (which runs src/fetch.ts), the Queue JOBS consumer and the cron trigger. */
export default {
  fetch: handler.fetch,
  async queue(batch, env) {
    await consumeJobs(batch, env);
  },
  async scheduled(_controller, env, ctx) {
    const db = workerDb(env);
    const jobs = env.JOBS && env.FILES ? queueJobSystem(db, env.JOBS, r2FileStore(env.FILES)) : undefined;
    // LimeSurvey couplings: one response sync job per linked survey with its schedule on.
    const limeSyncs = jobs ? enqueueScheduledSyncs({ db, enqueue: (kind, payload) => jobs.enqueue(kind, payload, null) }) : 0;
    ctx.waitUntil(Promise.all([deleteExpiredSessions(db), deleteExpiredChallenges(db), deleteExpiredAccountRows(db), jobs ? sweepCubeRebuilds(db, jobs) : 0, limeSyncs]));
  },
} satisfies ExportedHandler<Bindings, JobMessage>;
