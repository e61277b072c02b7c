import { jobs } from '../../db/schema';
import { runJob } from '../../jobs/run-job';
import type { JobDeps, JobHandler, JobKinds } from '../../jobs/types';
import { BACKGROUND_BUILD } from './build-survey-cube';
import { buildAndStoreCube } from './load-cube';

export const CUBE_BUILD_JOB = 'cube.build';

/** Job 'cube.build' { surveyId }: builds the survey's cube from libSQL and stores the R2 blob. */
export const cubeBuildJob: JobHandler = async (deps, job) => {
  const surveyId = Number(job.payload.surveyId);
  const cube = await buildAndStoreCube(deps, surveyId, BACKGROUND_BUILD);
  return { surveyId, version: cube.version, rows: cube.rowCount, columns: cube.columns.length };
};

/**
 * Runs a 'cube.build' job right after a response import changed the survey (inside the import's
 * own delivery: job handlers have no queue). Recorded as its own job row, so a failure shows up
 * as a failed job; the import itself stays done, and a data call rebuilds the cube on demand.
 * (It runs with a registry of this one kind: services never import the full one.)
 */
export async function buildCubeAfterImport(deps: JobDeps, surveyId: number, createdBy: number | null): Promise<void> {
  const [job] = await deps.db.insert(jobs).values({ kind: CUBE_BUILD_JOB, payload: { surveyId }, createdBy }).returning({ id: jobs.id });
  while ((await runJob(CUBE_BUILD_ONLY, deps, job!.id)) === 'retry');
}

const CUBE_BUILD_ONLY: JobKinds = { [CUBE_BUILD_JOB]: cubeBuildJob };
