/**
 * Privacy benchmark (issues 12 and 32): the automated differencing attacker of tests/attack with many more
 * requests than `npm test` sends (there: 150 per case against the engine, 120 through the HTTP
 * endpoints). Per date rule and seed it generates sparse survey data (few responses a day, empty
 * stretches, rare options, unfinished responses), sends seeded request sequences (ranges one period
 * and one day apart, filter chains, buckets of every granularity, the filter menu, category and
 * period sweeps) to the engine as the staff and public services call it, and tries to derive any
 * group of 1 … min_n−1 by subtraction. Prints requests, released numbers it could work with,
 * findings (must be 0) and the engine time per request. `npm run bench -- privacy` runs 2000
 * requests per case and 3 seeds; for other figures run it directly:
 * `npx tsx scripts/bench/privacy.ts --requests N --seeds N --extended N`.
 *
 * Part 2 (issue 32): the extended attacker — also two selection steps at once, overlapping
 * multiple-choice options (a filter category on the multiple-choice question), inclusion–exclusion
 * over two categories, repeated and re-ordered requests through both doors — against the same
 * data in `suppress` and `cellkey` mode (`--extended N` requests per case and seed, default 1000).
 * Per attack kind it scores every derivation whose true value is a small group (1 … m−1): how
 * often the derived value equals the truth, the share the p-table designs for that, and whether the
 * attacker can be certain (the values consistent with every released number it used, pooled over
 * all derivations of the same group, down to one). Fails when cell-key mode is ever certain or
 * answers a definition two ways, or when suppress mode leaks in the kinds its rules cover.
 */
import { type Evaluation, Attacker, seeded } from '../../tests/attack/attacker';
import { averagingBands, averagingTable, cellKeyEvaluation, summarise, summaryTable, withinDesign } from '../../tests/attack/cellkey-eval';
import { engineTarget } from '../../tests/attack/engine-target';
import { setupFor, sparseData } from '../../tests/attack/sparse-report';

const arg = (name: string, dflt: number) => Number(process.argv[process.argv.indexOf(`--${name}`) + 1] || dflt) || dflt;
const REQUESTS = arg('requests', 2000);
const SEEDS = arg('seeds', 3);
const EXTENDED = arg('extended', 1000);

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

// ── Part 2: the extended attacker against both modes ───────────────────────────
const COVERED = ['nested', 'time-sum', 'category-sum', 'inconsistent'];
const extCases = [
  { dateFilter: false, granularity: 'month' as const },
  { dateFilter: true, granularity: 'month' as const },
  { dateFilter: true, granularity: 'week' as const },
];
console.log(`\nextended attacker: ${EXTENDED} requests per case and mode, ${SEEDS} seeds, min_n 10, 2,500 respondents, a filter category on the multiple-choice question`);
let failed = false;
for (const mode of ['suppress', 'cellkey'] as const) {
  const evaluations: Evaluation[] = [];
  const byKind = new Map<string, number>();
  let requests = 0;
  let repeats = 0;
  let ms = 0;
  for (const [ci, rules] of extCases.entries()) {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const data = sparseData(3000 + seed * 31 + ci, 2500, 20_600, { overlap: true });
      const setup = setupFor(data, data.catalog, { ...rules, protection: mode });
      const attacker = new Attacker(setup, engineTarget(data.cube, data.catalog, setup, data.columns), seeded(500 + seed * 7 + ci), { extended: true, evaluate: cellKeyEvaluation(data.cube, data.catalog, 10, mode) });
      const t0 = performance.now();
      await attacker.run(EXTENDED);
      ms += performance.now() - t0;
      requests += attacker.requests;
      repeats += attacker.repeats;
      for (const f of attacker.findings) byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
      // Targets are member fingerprints within one data set: keep them apart across data sets.
      for (const e of attacker.evaluations) evaluations.push({ ...e, target: `${ci}/${seed}/${e.target}` });
    }
  }
  const summary = summarise(evaluations, 10);
  console.log(`\n${mode}: ${requests} requests (${repeats} answers to a definition asked before; ${byKind.get('inconsistent') ?? 0} differed), ${(ms / 1000).toFixed(1)} s with the evaluation`);
  console.log(summaryTable(mode, summary));
  // The averaging attacker: the rounded mean of every derivation of the same group, by how many it has.
  if (mode === 'cellkey') {
    const bands = averagingBands(evaluations, 10);
    console.log(`averaging attacker (rounded mean of a group's derived values) against the p-table's design for the same derivations:\n${averagingTable(bands)}`);
    if (!bands.every(withinDesign)) failed = true;
  }
  console.log(`findings (derived value 1 … 9) by kind: ${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
  if (mode === 'cellkey' && (summary.some((k) => k.certain > 0) || byKind.get('inconsistent'))) failed = true;
  if (mode === 'suppress' && COVERED.some((k) => byKind.get(k))) failed = true;
}
if (totalFindings || failed) process.exit(1);
