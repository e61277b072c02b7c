import type { InStatement } from '@libsql/client';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, surveyCubeRebuilds } from '../../db/schema';
import type { JobDeps, JobHandler, JobSystem } from '../../jobs/types';
import { BACKGROUND_BUILD } from '../analytics/build-survey-cube';
import { buildAndStoreCube } from '../analytics/load-cube';
import { bumpResponsesVersion } from '../surveys/responses-version';
import { computeWeightingAfterBuild } from '../weighting/weighting-job';

export const CUBE_REBUILD_JOB = 'participate.cube-rebuild';

/**
 * How far apart the rebuild rounds of one survey are: after a round the job keeps the claim and
 * looks again after a cool-down of `max(minSeconds, perBuild × the round's duration)`, at most
 * `maxSeconds`. Completions during the cool-down only count as pending, so a burst of them gives
 * one round per cool-down instead of one per two or three responses (before: the demo survey's
 * 200 respondents with reading time gave 82 full rebuilds of its 3,000 responses, each ~0.2 s of
 * the Worker's CPU, which the respondents' pages queued behind).
 * - `minSeconds` 15: how late a new response may count in the reports — shorter than anyone
 *   reloads a report to look for it. A completion after a quiet spell is built at once (the
 *   cool-down follows a round, it never delays the first one).
 * - `perBuild` 20: rebuilding takes at most 1/21 of the time (about 5 % of one core) however many
 *   responses arrive, also for a survey whose build takes seconds (100,000 responses: ~1.5 s →
 *   a round every 30 s) and on a machine so busy that builds take longer (it backs off).
 * - `maxSeconds` 120: the longest a new response waits to count once a round has run (far inside
 *   the cron sweep's 30 minutes, so a waiting cool-down is never taken for a lost job).
 */
export const REBUILD_COOL_DOWN = { minSeconds: 15, perBuild: 20, maxSeconds: 120 } as const;

/** The cool-down after a round that took `buildMs` (whole seconds: the Queue's delay unit). */
export function coolDownSeconds(buildMs: number, rule: typeof REBUILD_COOL_DOWN = REBUILD_COOL_DOWN): number {
  return Math.min(rule.maxSeconds, Math.max(rule.minSeconds, Math.ceil((rule.perBuild * Math.max(0, buildMs)) / 1000)));
}

/** Rounds back to back when the job has no job system to schedule its cool-down with (bare test runs). */
const MAX_ROUNDS = 20;

/**
 * Statements for the completing request's batch: count the response as pending and claim the
 * rebuild (the claim returns a row only when no rebuild was scheduled for the survey yet).
 * The claim must be the last statement: its rows say whether to enqueue.
 */
export function pendingStatements(surveyId: number, now: Date): InStatement[] {
  const t = now.getTime();
  return [
    {
      sql: 'insert into survey_cube_rebuilds (survey_id, pending, scheduled, created_at, updated_at) values (?, 1, 0, ?, ?) on conflict (survey_id) do update set pending = pending + 1, updated_at = excluded.updated_at',
      args: [surveyId, t, t],
    },
    { sql: 'update survey_cube_rebuilds set scheduled = 1, updated_at = ? where survey_id = ? and scheduled = 0 returning survey_id', args: [t, surveyId] },
  ];
}

/**
 * After a successful claim (or a round, for its cool-down): the job that rebuilds, or the claim
 * released when there is no job system.
 */
export async function enqueueRebuild(db: Db, jobSystem: JobSystem | undefined, surveyId: number, delaySeconds = 0): Promise<void> {
  if (!jobSystem) {
    await db.update(surveyCubeRebuilds).set({ scheduled: false }).where(eq(surveyCubeRebuilds.surveyId, surveyId));
    return;
  }
  const job = await jobSystem.enqueue(CUBE_REBUILD_JOB, { surveyId }, null, { delaySeconds });
  // Only while the claim is held: an inline job system has run the job (and maybe released it) already.
  await db.update(surveyCubeRebuilds).set({ jobId: job.id }).where(and(eq(surveyCubeRebuilds.surveyId, surveyId), eq(surveyCubeRebuilds.scheduled, true)));
}

/** Pending count; at 0 the claim is released in the same statement (none can slip in between). */
async function pendingOrRelease(db: Db, surveyId: number): Promise<number> {
  const where = eq(surveyCubeRebuilds.surveyId, surveyId);
  const released = await db.update(surveyCubeRebuilds).set({ scheduled: false, pending: 0 }).where(and(where, sql`${surveyCubeRebuilds.pending} <= 0`)).returning({ id: surveyCubeRebuilds.surveyId });
  if (released.length) return 0;
  const [state] = await db.select({ pending: surveyCubeRebuilds.pending }).from(surveyCubeRebuilds).where(where);
  return state?.pending ?? 0;
}

/** One round: bump the responses version, build and store that version's cube, count off what it covers. */
async function rebuildRound(deps: JobDeps, surveyId: number, pending: number): Promise<number> {
  const started = deps.now().getTime();
  await bumpResponsesVersion(deps.db, surveyId);
  // Pauses between row chunks: the respondents' pages in this isolate go on during the build.
  await buildAndStoreCube(deps, surveyId, BACKGROUND_BUILD);
  await computeWeightingAfterBuild(deps, surveyId, null);
  // Only what was pending when the round began: responses that arrived during the build stay pending.
  await deps.db.update(surveyCubeRebuilds).set({ pending: sql`${surveyCubeRebuilds.pending} - ${pending}`, updatedAt: deps.now() }).where(eq(surveyCubeRebuilds.surveyId, surveyId));
  return deps.now().getTime() - started;
}

/**
 * Job 'participate.cube-rebuild' { surveyId }: one round while completed responses are pending —
 * bump the survey's responses version (reports and the public page's cache key follow it) and
 * build and store the cube of that version — then the same job again after the cool-down, still
 * holding the claim. A job that finds nothing pending releases the claim (atomically with the
 * check, so a completion either sees the claim released and enqueues, or is counted and found by
 * this job). So at most one rebuild runs per survey, a new round follows when responses arrived
 * meanwhile, and none is ever left out. Without a job system (bare test runs) rounds run back to
 * back until nothing is pending.
 */
export const cubeRebuildJob: JobHandler = async (deps, job) => {
  const surveyId = Number(job.payload.surveyId);
  let rounds = 0;
  let counted = 0;
  let buildMs = 0;
  for (;;) {
    const pending = await pendingOrRelease(deps.db, surveyId);
    if (pending <= 0) return { surveyId, rounds, responses: counted };
    buildMs = await rebuildRound(deps, surveyId, pending);
    counted += pending;
    rounds++;
    if (deps.jobs || rounds >= MAX_ROUNDS) break;
  }
  const coolDown = coolDownSeconds(buildMs);
  if (deps.jobs) await enqueueRebuild(deps.db, deps.jobs, surveyId, coolDown);
  else await deps.db.update(surveyCubeRebuilds).set({ scheduled: false }).where(eq(surveyCubeRebuilds.surveyId, surveyId));
  return { surveyId, rounds, responses: counted, buildMs, coolDownSeconds: coolDown };
};

const STALE_MS = 30 * 60_000;

/**
 * Cron: rebuilds that should be running but aren't (a job that failed or was lost, a cool-down
 * whose delivery was lost, a bare run that stopped after MAX_ROUNDS) get a new job.
 */
export async function sweepCubeRebuilds(db: Db, jobSystem: JobSystem, now = new Date()): Promise<number> {
  const stale = new Date(now.getTime() - STALE_MS);
  // Finished, or not touched for longer than any retry backoff or cool-down lasts (delivery lost).
  const gone = db.select({ id: jobs.id }).from(jobs).where(or(inArray(jobs.status, ['done', 'failed']), lt(jobs.updatedAt, stale)));
  const stuck = await db
    .select({ surveyId: surveyCubeRebuilds.surveyId })
    .from(surveyCubeRebuilds)
    .where(
      and(
        sql`${surveyCubeRebuilds.pending} > 0`,
        or(
          eq(surveyCubeRebuilds.scheduled, false),
          inArray(surveyCubeRebuilds.jobId, gone),
          // Claimed, but its job never written (or deleted since).
          and(isNull(surveyCubeRebuilds.jobId), lt(surveyCubeRebuilds.updatedAt, stale)),
        ),
      ),
    );
  for (const { surveyId } of stuck) {
    await db.update(surveyCubeRebuilds).set({ scheduled: true }).where(eq(surveyCubeRebuilds.surveyId, surveyId));
    await enqueueRebuild(db, jobSystem, surveyId);
  }
  return stuck.length;
}
