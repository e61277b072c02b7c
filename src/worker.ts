import handler from '@astrojs/cloudflare/entrypoints/server';
import { deleteExpiredSessions } from './server/auth/sessions';
import { workerDb } from './server/db/web';
import type { Bindings } from './server/env';
import { deleteExpiredChallenges } from './server/services/auth/delete-expired-challenges';

/** Worker entry: Astro's fetch handler (which runs src/fetch.ts) plus the cron trigger. */
export default {
  fetch: handler.fetch,
  async scheduled(_controller, env, ctx) {
    const db = workerDb(env);
    ctx.waitUntil(Promise.all([deleteExpiredSessions(db), deleteExpiredChallenges(db)]));
  },
} satisfies ExportedHandler<Bindings>;
