import type { InStatement } from '@libsql/client';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, surveyCubeRebuilds, surveys } from '../../db/schema';
import type { JobHandler, JobSystem } from '../../jobs/types';
import { buildAndStoreCube } from '../analytics/load-cube';

export const CUBE_REBUILD_JOB = 'participate.cube-rebuild';
/** Rebuilds one job does back to back before it lets a later completion start a new job. */
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

/** After a successful claim: the job that rebuilds (or the claim released when there is no job system). */
export async function enqueueRebuild(db: Db, jobSystem: JobSystem | undefined, surveyId: number): Promise<void> {
  if (!jobSystem) {
    await db.update(surveyCubeRebuilds).set({ scheduled: false }).where(eq(surveyCubeRebuilds.surveyId, surveyId));
    return;
  }
  const job = await jobSystem.enqueue(CUBE_REBUILD_JOB, { surveyId }, null);
  await db.update(surveyCubeRebuilds).set({ jobId: job.id }).where(eq(surveyCubeRebuilds.surveyId, surveyId));
}

/**
 * Job 'participate.cube-rebuild' { surveyId }: while completed responses are pending, bump the
 * survey's responses version (reports and the public page's cache key follow it) and build and
 * store the cube of that version. Responses that arrive during a build stay pending and get the
 * next round; the claim is released only when nothing is pending, so none is ever left out.
 */
export const cubeRebuildJob: JobHandler = async (deps, job) => {
  const surveyId = Number(job.payload.surveyId);
  const where = eq(surveyCubeRebuilds.surveyId, surveyId);
  let rounds = 0;
  let counted = 0;
  while (rounds < MAX_ROUNDS) {
    const [state] = await deps.db.select({ pending: surveyCubeRebuilds.pending }).from(surveyCubeRebuilds).where(where);
    const pending = state?.pending ?? 0;
    if (pending <= 0) {
      const released = await deps.db.update(surveyCubeRebuilds).set({ scheduled: false, pending: 0 }).where(and(where, sql`${surveyCubeRebuilds.pending} <= 0`)).returning({ id: surveyCubeRebuilds.surveyId });
      if (released.length || !state) break;
      continue;
    }
    await deps.db.update(surveys).set({ responsesVersion: sql`${surveys.responsesVersion} + 1` }).where(eq(surveys.id, surveyId));
    await buildAndStoreCube(deps, surveyId);
    await deps.db.update(surveyCubeRebuilds).set({ pending: sql`${surveyCubeRebuilds.pending} - ${pending}` }).where(where);
    counted += pending;
    rounds++;
  }
  if (rounds >= MAX_ROUNDS) await deps.db.update(surveyCubeRebuilds).set({ scheduled: false }).where(where);
  return { surveyId, rounds, responses: counted };
};

const STALE_MS = 30 * 60_000;

/**
 * Cron: rebuilds that should be running but aren't (a job that failed or was lost, a job that
 * stopped after MAX_ROUNDS while responses kept coming) get a new job.
 */
export async function sweepCubeRebuilds(db: Db, jobSystem: JobSystem, now = new Date()): Promise<number> {
  const finished = db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.status, ['done', 'failed']));
  const stuck = await db
    .select({ surveyId: surveyCubeRebuilds.surveyId })
    .from(surveyCubeRebuilds)
    .where(
      and(
        sql`${surveyCubeRebuilds.pending} > 0`,
        or(eq(surveyCubeRebuilds.scheduled, false), inArray(surveyCubeRebuilds.jobId, finished), lt(surveyCubeRebuilds.updatedAt, new Date(now.getTime() - STALE_MS))),
      ),
    );
  for (const { surveyId } of stuck) {
    await db.update(surveyCubeRebuilds).set({ scheduled: true }).where(eq(surveyCubeRebuilds.surveyId, surveyId));
    await enqueueRebuild(db, jobSystem, surveyId);
  }
  return stuck.length;
}
