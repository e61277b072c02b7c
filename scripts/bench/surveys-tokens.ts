/**
 * Issue 5 budget: 1,000,000 tokens generated and stored as a job ≤ 60 s, against the local libSQL
 * server over HTTP (the Worker's code path). Also checks that every token is distinct.
 * Option: --count N (default 1,000,000).
 */
import { eq } from 'drizzle-orm';
import { jobs } from '../../src/server/db/schema';
import { generateTokens } from '../../src/server/services/surveys/generate-tokens';
import { benchSetup } from './_surveys-setup';

const countArg = process.argv.indexOf('--count');
const COUNT = countArg > 0 ? Number(process.argv[countArg + 1]) : 1_000_000;

const b = await benchSetup('tokens');
try {
  const t0 = performance.now();
  const job = await generateTokens(b.ctx, b.surveyId, { count: COUNT });
  const seconds = (performance.now() - t0) / 1000;
  const [done] = await b.db.select().from(jobs).where(eq(jobs.id, job.id));
  const rs = await b.client.execute({ sql: 'select count(*) as n, count(distinct token) as d, min(length(token)) as l from survey_tokens where survey_id = ?', args: [b.surveyId] });
  const { n, d, l } = rs.rows[0] as unknown as { n: number; d: number; l: number };
  console.log(`tokens generated: ${Number(n).toLocaleString('en')} (distinct ${Number(d).toLocaleString('en')}, length ${l}, ~${(Number(l) * Math.log2(62)).toFixed(0)} bits each)`);
  console.log(`job status: ${done?.status}, progress ${done?.progress}%, result ${JSON.stringify(done?.result)}`);
  console.log(`time: ${seconds.toFixed(1)} s (${Math.round(COUNT / seconds).toLocaleString('en')} tokens/s) — budget 60 s: ${seconds <= 60 ? 'OK' : 'OVER'}`);
  if (Number(n) !== COUNT || Number(d) !== COUNT || done?.status !== 'done') process.exitCode = 1;
} finally {
  await b.close();
}
