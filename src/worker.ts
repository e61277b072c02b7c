import handler from '@astrojs/cloudflare/entrypoints/server';
import { deleteExpiredSessions } from './server/auth/sessions';
import { JOB_KINDS } from './server/job-kinds';
import { workerDb } from './server/db/web';
import { workerApp } from './server/worker-app';
import { readConfig, type Bindings } from './server/env';
import { r2FileStore } from './server/files/store';
import { consumeJobs } from './server/jobs/consumer';
import { queueJobSystem } from './server/jobs/enqueue';
import type { JobMessage } from './server/jobs/types';
import { createMailer } from './server/mail/mailer';
import { deleteExpiredChallenges } from './server/services/auth/delete-expired-challenges';
import { deleteExpiredAccountRows } from './server/services/auth/delete-expired-account-rows';
import { evaluateIndicators } from './server/services/indicators/evaluate-indicators';
import { sendLicenceReminders } from './server/services/projects/licence-reminders';
import { enqueueScheduledSyncs } from './server/services/lime/sync-job';
import { sweepCubeRebuilds } from './server/services/participate/cube-rebuild';
import { expireContactData } from './server/services/panels/expire-contact-data';
import { sweepSchedulePdfs } from './server/services/schedules/sweep-schedule-pdfs';
import { enqueueDueSchedules } from './server/services/schedules/enqueue-due-schedules';

const logFailure = (task: string) => (err: unknown) => console.error(JSON.stringify({ level: 'error', cron: task, error: String(err), stack: (err as Error)?.stack }));

/**
 * API and auth calls (`/portal/api/…`, `/portal/auth/…`) go straight to the Hono app (the one
 * src/fetch.ts gives Astro's pages to, server/worker-app.ts), without Astro's pipeline in front
 * (static-asset match, route match, an `ASSETS.fetch` for every path Astro has no page for, render
 * context). No page lives under these prefixes; an unknown API path is a JSON 404.
 */
const API = /^\/portal\/(api|auth)\//;

/**
 * Worker entry, the composition root: the API (above) or Astro's fetch handler (which runs
 * src/fetch.ts), the Queue JOBS consumer with the registry of job kinds, and the cron trigger.
 */
export default {
  fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    return API.test(pathname) ? workerApp.fetch(request, env, ctx) : handler.fetch(request, env, ctx);
  },
  async queue(batch, env) {
    await consumeJobs(JOB_KINDS, batch, env);
  },
  async scheduled(controller, env, ctx) {
    const db = workerDb(env);
    const config = readConfig(env);
    const mailer = createMailer(db, config);
    // The trigger's own moment (wrangler dev's test endpoint can set it: the e2e test clock).
    const now = new Date(controller.scheduledTime);
    const files = env.FILES ? r2FileStore(env.FILES) : undefined;
    const jobs = env.JOBS && files ? queueJobSystem(db, env.JOBS, files) : undefined;
    // LimeSurvey couplings: one response sync job per linked survey with its schedule on.
    const limeSyncs = jobs ? enqueueScheduledSyncs({ db, enqueue: (kind, payload) => jobs.enqueue(kind, payload, null) }) : 0;
    ctx.waitUntil(
      Promise.all([
        deleteExpiredSessions(db),
        deleteExpiredChallenges(db),
        deleteExpiredAccountRows(db),
        // Participants' names, addresses and attributes kept at most 12 months after a study (the FAQ's promise).
        expireContactData(db).catch(logFailure('contact-data')),
        jobs ? sweepCubeRebuilds(db, jobs) : 0,
        limeSyncs,
        // 'Versturen': every report schedule whose moment has come becomes a run job (mail with retry).
        jobs ? enqueueDueSchedules({ db, enqueue: (kind, payload) => jobs.enqueue(kind, payload, null), now }).catch(logFailure('report-schedules')) : 0,
        // Their PDFs in R2 (schedules/…): gone a week after the run, or as soon as the schedule is.
        files ? sweepSchedulePdfs({ db, files, now }).catch(logFailure('schedule-pdfs')) : 0,
        // Licence reminders to the company admins (60 and 14 days before the end, once each).
        sendLicenceReminders({ db, mailer, now, appUrl: config.appUrl }).catch(logFailure('licence-reminders')),
        // Every active indicator, so time-bound ones and responses from other paths are seen too.
        evaluateIndicators({ db, files, mailer, now, appUrl: config.appUrl }).catch(logFailure('indicators')),
      ]),
    );
  },
} satisfies ExportedHandler<Bindings, JobMessage>;
