import handler from '@astrojs/cloudflare/entrypoints/server';
import { deleteExpiredSessions } from './server/auth/sessions';
import { workerDb } from './server/db/web';
import { readConfig, type Bindings } from './server/env';
import { r2FileStore } from './server/files/store';
import { consumeJobs } from './server/jobs/consumer';
import type { JobMessage } from './server/jobs/types';
import { createMailer } from './server/mail/mailer';
import { deleteExpiredChallenges } from './server/services/auth/delete-expired-challenges';
import { deleteExpiredAccountRows } from './server/services/auth/delete-expired-account-rows';
import { evaluateIndicators } from './server/services/indicators/evaluate-indicators';
import { sendLicenceReminders } from './server/services/projects/licence-reminders';

const logFailure = (task: string) => (err: unknown) => console.error(JSON.stringify({ level: 'error', cron: task, error: String(err), stack: (err as Error)?.stack }));

/** Worker entry: Astro's fetch handler (which runs src/fetch.ts), the Queue JOBS consumer and the cron trigger. */
export default {
  fetch: handler.fetch,
  async queue(batch, env) {
    await consumeJobs(batch, env);
  },
  async scheduled(_controller, env, ctx) {
    const db = workerDb(env);
    const config = readConfig(env);
    const mailer = createMailer(db, config);
    const now = new Date();
    ctx.waitUntil(
      Promise.all([
        deleteExpiredSessions(db),
        deleteExpiredChallenges(db),
        deleteExpiredAccountRows(db),
        // Licence reminders to the company admins (60 and 14 days before the end, once each).
        sendLicenceReminders({ db, mailer, now, appUrl: config.appUrl }).catch(logFailure('licence-reminders')),
        // Every active indicator, so time-bound ones and responses from other paths are seen too.
        evaluateIndicators({ db, files: env.FILES ? r2FileStore(env.FILES) : undefined, mailer, now, appUrl: config.appUrl }).catch(logFailure('indicators')),
      ]),
    );
  },
} satisfies ExportedHandler<Bindings, JobMessage>;
