/**
 * Privacy benchmark (issue 12): the automated differencing attacker of tests/attack with many more
 * requests than `npm test` sends (there: 150 per case against the engine, 120 through the HTTP
 * endpoints). Per date rule and seed it generates sparse survey data (few responses a day, empty
 * stretches, rare options, unfinished responses), sends seeded request sequences (ranges one period
 * and one day apart, filter chains, buckets of every granularity, the filter menu, category and
 * period sweeps) to the engine as the staff and public services call it, and tries to derive any
 * group of 1 … min_n−1 by subtraction. Prints requests, released numbers it could work with,
 * findings (must be 0) and the engine time per request. `npm run bench -- privacy` runs 2000
 * requests per case and 3 seeds; for other figures run it directly:
 * `npx tsx scripts/bench/privacy.ts --requests N --seeds N`.
 */
import { Attacker, seeded } from '../../tests/attack/attacker';
import { engineTarget } from '../../tests/attack/engine-target';
import { setupFor, sparseData } from '../../tests/attack/sparse-report';

const arg = (name: string, dflt: number) => Number(process.argv[process.argv.indexOf(`--${name}`) + 1] || dflt) || dflt;
const REQUESTS = arg('requests', 2000);
const SEEDS = arg('seeds', 3);

const cases = [
  { dateFilter: false, granularity: 'month' as const, respondents: 2500 },
  { dateFilter: true, granularity: 'month' as const, respondents: 2500 },
  { dateFilter: true, granularity: 'week' as const, respondents: 2500 },
  { dateFilter: true, granularity: 'quarter' as const, respondents: 2500 },
  { dateFilter: true, granularity: 'day' as const, respondents: 12_000 },
];

let totalFindings = 0;
let totalRequests = 0;
console.log(`attacker: ${REQUESTS} requests per case, ${SEEDS} seeds, min_n 10`);
console.log('date rule                 seed  respondents  requests  refused  released  findings  ms/request');
for (const rules of cases) {
  for (let seed = 1; seed <= SEEDS; seed++) {
    const data = sparseData(1000 + seed * 17 + (rules.dateFilter ? 1 : 0), rules.respondents, 20_600);
    const setup = setupFor(data, data.catalog, rules);
    const attacker = new Attacker(setup, engineTarget(data.cube, data.catalog, setup, data.columns), seeded(100 + seed));
    const t0 = performance.now();
    const findings = await attacker.run(REQUESTS);
    const ms = (performance.now() - t0) / attacker.requests;
    totalFindings += findings.length;
    totalRequests += attacker.requests;
    const rule = rules.dateFilter ? `date filter on, ${rules.granularity}` : 'report period only';
    console.log(
      `${rule.padEnd(25)} ${String(seed).padStart(4)}  ${String(rules.respondents).padStart(11)}  ${String(attacker.requests).padStart(8)}  ${String(attacker.refused).padStart(7)}  ${String(attacker.observations).padStart(8)}  ${String(findings.length).padStart(8)}  ${ms.toFixed(2).padStart(10)}`,
    );
    for (const f of findings.slice(0, 5)) console.log(`  FOUND ${f.kind}: ${f.what} → ${f.derived}`);
  }
}
console.log(`\n${totalRequests} requests, ${totalFindings} findings`);
if (totalFindings) process.exit(1);
