import { eq } from 'drizzle-orm';
import { weightingSchemes } from '../../db/schema';
import type { JobDeps, JobHandler } from '../../jobs/types';
import { loadCube } from '../analytics/load-cube';
import { readOne } from '../../db/reads';
import { computeScheme, storeResult } from './compute-result';
import { NO_NAMES, hasPanelVariables, staffName, variableNamesRead } from './variable-names';

export const WEIGHTING_JOB = 'weighting.compute';

/**
 * Job 'weighting.compute' { surveyId }: every scheme of the survey recomputed on its current
 * responses, each result stored (its figures, or the Dutch reason it failed); progress per scheme.
 * Until it has run, a scheme whose responses changed shows 'verouderd'.
 */
export const weightingJob: JobHandler = async (deps, job, progress) => {
  const surveyId = Number(job.payload.surveyId);
  const schemes = await deps.db.select().from(weightingSchemes).where(eq(weightingSchemes.surveyId, surveyId));
  let failed = 0;
  const cube = schemes.length ? await loadCube({ db: deps.db, files: deps.files }, surveyId) : null;
  // A failure's reason names panel background fields by their titles.
  const names = schemes.some((s) => hasPanelVariables(s.variables)) ? await readOne(deps.db, variableNamesRead(deps.db, surveyId)) : NO_NAMES;
  for (const [i, scheme] of schemes.entries()) {
    const computed = computeScheme(cube!, scheme);
    if (!computed.ok) failed++;
    await storeResult(deps.db, scheme, computed, deps.now(), (key) => staffName(key, names));
    await progress(Math.round(((i + 1) / schemes.length) * 100));
  }
  return { surveyId, schemes: schemes.length, failed };
};

/**
 * Starts a 'weighting.compute' job after the survey's cube was rebuilt (responses imported, deleted
 * or taken part), only when the survey has schemes; its own job row, so a failure shows as a job.
 */
export async function computeWeightingAfterBuild(deps: JobDeps, surveyId: number, createdBy: number | null): Promise<void> {
  if (!deps.jobs) return;
  const [any] = await deps.db.select({ id: weightingSchemes.id }).from(weightingSchemes).where(eq(weightingSchemes.surveyId, surveyId)).limit(1);
  if (any) await deps.jobs.enqueue(WEIGHTING_JOB, { surveyId }, createdBy);
}
