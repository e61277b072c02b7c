import type { InStatement, ResultSet } from '@libsql/client';
import type { Db } from '../../db/client';
import type { JobSystem } from '../../jobs/types';
import { enqueueRebuild, pendingStatements } from '../participate/cube-rebuild';
import { rawClient } from '../surveys/scope';

/**
 * Members' background fields are attributes in the response cubes of the surveys fielded to their
 * panel. When background data change (answers, a member leaving, a field or option removed) those
 * cubes are rebuilt through the participation's rebuild batching: the change counts as pending,
 * the job bumps `responses_version` and builds the new cube.
 */
export async function fieldedSurveyIds(db: Db, panelId: number): Promise<number[]> {
  const { rows } = await rawClient(db).execute({
    sql: 'select sp.survey_id from survey_panels sp join surveys s on s.id = sp.survey_id and s.deleted_at is null where sp.panel_id = ? order by sp.survey_id',
    args: [panelId],
  });
  return rows.map((r) => Number(r.survey_id));
}

/** Statements to append to a write batch: each survey's pending count and claim (two per survey). */
export function staleCubeStatements(surveyIds: number[], now: Date): InStatement[] {
  return surveyIds.flatMap((id) => pendingStatements(id, now));
}

/** After the batch: enqueue a rebuild for every survey whose claim succeeded. `results` are the batch's, `offset` where the cube statements began. */
export async function enqueueClaimedRebuilds(db: Db, jobs: JobSystem | undefined, surveyIds: number[], results: ResultSet[], offset: number): Promise<void> {
  for (let i = 0; i < surveyIds.length; i++) {
    const claim = results[offset + 2 * i + 1];
    if (claim?.rows.length) await enqueueRebuild(db, jobs, surveyIds[i]!);
  }
}

/** Runs a write batch followed by the cube statements of the given surveys, then enqueues the claimed rebuilds. */
export async function writeWithCubes(db: Db, jobs: JobSystem | undefined, statements: InStatement[], surveyIds: number[], now: Date): Promise<ResultSet[]> {
  const results = await rawClient(db).batch([...statements, ...staleCubeStatements(surveyIds, now)], 'write');
  await enqueueClaimedRebuilds(db, jobs, surveyIds, results, statements.length);
  return results;
}
