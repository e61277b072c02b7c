import handler from '@astrojs/cloudflare/entrypoints/server';
import { deleteExpiredSessions } from './server/auth/sessions';
import { workerDb } from './server/db/web';
import type { Bindings } from './server/env';
import { consumeJobs } from './server/jobs/consumer';
import type { JobMessage } from './server/jobs/types';
import { deleteExpiredChallenges } from './server/services/auth/delete-expired-challenges';
import { deleteExpiredAccountRows } from './server/services/auth/delete-expired-account-rows';

/** Worker entry: Astro's fetch handler (which runs src/fetch.ts), the Queue JOBS consumer and the cron trigger. */
export default {
  fetch: handler.fetch,
  async queue(batch, env) {
    await consumeJobs(batch, env);
  },
  async scheduled(_controller, env, ctx) {
    const db = workerDb(env);
    ctx.waitUntil(Promise.all([deleteExpiredSessions(db), deleteExpiredChallenges(db), deleteExpiredAccountRows(db)]));
  },
} satisfies ExportedHandler<Bindings, JobMessage>;
