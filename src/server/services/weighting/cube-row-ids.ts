import type { Cube } from '../../analytics';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { dayOf } from '../analytics/build-survey-cube';
import { rawClient } from '../surveys/scope';

const PAGE = 20_000;

/**
 * The portal's response id of every cube row. A cube's rows are the responses with a day, sorted by
 * day and then id (CubeBuilder), so the same order is rebuilt from (id, day) alone. A survey whose
 * responses changed since the cube was built gives another row count: a 409 (try again).
 */
export async function cubeRowIds(db: Db, cube: Cube): Promise<Float64Array> {
  const client = rawClient(db);
  const ids: number[] = [];
  const days: number[] = [];
  for (let after = 0; ; ) {
    const { rows } = await client.execute({
      sql: `select id, submit_date, start_date, date_stamp from survey_responses where +survey_id = ? and id > ? order by id limit ${PAGE}`,
      args: [cube.surveyId, after],
    });
    for (const r of rows) {
      after = Number(r.id);
      const day = dayOf(r.submit_date, r.start_date, r.date_stamp);
      if (day !== null) ids.push(after), days.push(day);
    }
    if (rows.length < PAGE) break;
  }
  if (ids.length !== cube.rowCount) throw new AppError('CONFLICT', 'De respons is net gewijzigd. Probeer het over enkele ogenblikken opnieuw.');
  const order = Int32Array.from(ids, (_, i) => i).sort((a, b) => days[a]! - days[b]! || ids[a]! - ids[b]!);
  return Float64Array.from(order, (i) => ids[i]!);
}
