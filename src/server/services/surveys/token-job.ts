import { eq } from 'drizzle-orm';
import { surveys } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { Client } from '@libsql/client';
import type { JobHandler } from '../../jobs/types';
import { rawClient } from './scope';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// 13 characters of 62 = 77 bits: the floor, whatever tokenlength the survey asks for.
const MIN_LENGTH = 13;
const ROWS_PER_STATEMENT = 10_000;
const STATEMENTS_PER_BATCH = 5;

/** The length of the codes the portal issues for a survey: its tokenlength, within [MIN_LENGTH, 35]. */
export const codeLength = (tokenLength: number) => Math.max(MIN_LENGTH, Math.min(35, tokenLength));

/** LimeSurvey-style access codes ([A-Za-z0-9]) from crypto.getRandomValues, unbiased (rejection sampling). */
export function randomTokens(count: number, length: number): string[] {
  const out: string[] = new Array(count);
  const pool = new Uint8Array(length * count * 1.1 + 64);
  crypto.getRandomValues(pool.subarray(0, Math.min(pool.length, 65536)));
  let pos = 0;
  let filled = Math.min(pool.length, 65536);
  const next = () => {
    for (;;) {
      if (pos >= filled) {
        crypto.getRandomValues(pool.subarray(0, Math.min(pool.length, 65536)));
        pos = 0;
        filled = Math.min(pool.length, 65536);
      }
      const b = pool[pos++]!;
      if (b < 248) return b % 62; // 248 = 4 × 62: no modulo bias
    }
  };
  for (let i = 0; i < count; i++) {
    let s = '';
    for (let j = 0; j < length; j++) s += ALPHABET[next()];
    out[i] = s;
  }
  return out;
}

/**
 * Job 'survey.tokens.generate' { surveyId, count }. Inserts straight through the libSQL client in
 * batches of 50,000 rows per round trip; each batch also records how many are done in the job's
 * result, atomically, so a retried delivery continues instead of generating too many.
 */
export const generateTokensJob: JobHandler = async (deps, job, progress) => {
  const surveyId = Number(job.payload.surveyId);
  const count = Number(job.payload.count);
  const [survey] = await deps.db.select({ tokenLength: surveys.tokenLength }).from(surveys).where(eq(surveys.id, surveyId));
  if (!survey) throw new AppError('NOT_FOUND', nl.notFound);
  const length = codeLength(survey.tokenLength);
  const client = rawClient(deps.db);
  // Tokens that existed before this job (first delivery), so `generated` is always a recount.
  const previous = job.result as { baseline?: number; generated?: number } | null;
  const baseline = previous?.baseline ?? (await countTokens(client, surveyId));
  let done = previous?.generated ?? 0;
  let collisions = 0;
  while (done < count) {
    const stamp = deps.now().getTime();
    const statements = [];
    let planned = 0;
    for (let s = 0; s < STATEMENTS_PER_BATCH && done + planned < count; s++) {
      const n = Math.min(ROWS_PER_STATEMENT, count - done - planned);
      planned += n;
      const row = `(${surveyId},?,${stamp},${stamp})`;
      statements.push({
        sql: `insert into survey_tokens (survey_id, token, created_at, updated_at) values ${new Array(n).fill(row).join(',')} on conflict do nothing`,
        args: randomTokens(n, length),
      });
    }
    statements.push({
      sql: `update jobs set result = json_object('baseline', ?, 'generated', (select count(*) from survey_tokens where survey_id = ?) - ?) where id = ?`,
      args: [baseline, surveyId, baseline, job.id],
    });
    const results = await client.batch(statements, 'write');
    const inserted = results.slice(0, -1).reduce((sum, r) => sum + r.rowsAffected, 0);
    collisions += planned - inserted;
    done += inserted;
    await progress((done / count) * 100);
  }
  return { generated: done, surveyId, collisions };
};

async function countTokens(client: Client, surveyId: number): Promise<number> {
  const rs = await client.execute({ sql: 'select count(*) as n from survey_tokens where survey_id = ?', args: [surveyId] });
  return Number(rs.rows[0]?.n ?? 0);
}
