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
    ctx.waitUntil(Promise.all([deleteExpiredSessions(db), deleteExpiredChallenges(db), deleteExpiredAccountRows(db), jobs ? sweepCubeRebuilds(db, jobs) : 0]));
  },
} satisfies ExportedHandler<Bindings, JobMessage>;
