import type { ServiceContext } from '../../context';
import type { JobDeps } from '../../jobs/types';
import { createMailer } from '../../mail/mailer';
import type { EvaluationDeps } from './evaluate-indicators';

/** What an evaluation inside a request needs, from the service context. */
export const evaluationDeps = (ctx: ServiceContext): EvaluationDeps => ({ db: ctx.db, files: ctx.jobs?.files, mailer: ctx.mailer, now: ctx.now, appUrl: ctx.config.appUrl });

/** The same inside a job; without a configured mailer (Node scripts, tests) mail lands in the outbox only. */
export const jobEvaluationDeps = (deps: JobDeps): EvaluationDeps => ({
  db: deps.db,
  files: deps.files,
  mailer: deps.mailer ?? createMailer(deps.db, { mailFrom: 'ImpulZ <noreply@impulz.nl>' }),
  now: deps.now(),
  appUrl: deps.appUrl,
});
