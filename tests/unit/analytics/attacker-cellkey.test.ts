import { describe, expect, it } from 'vitest';
import { Attacker, seeded } from '../../attack/attacker';
import { type KindSummary, averagingBands, averagingTable, cellKeyEvaluation, preimageOf, summarise, summaryTable, withinDesign } from '../../attack/cellkey-eval';
import { engineTarget } from '../../attack/engine-target';
import { setupFor, sparseData } from '../../attack/sparse-report';
import { perturbCount } from '../../../src/server/analytics/cellkey/ptable';

/**
 * The attacker with the README's open limits added (two selection steps at once, overlapping
 * multiple-choice options, inclusion–exclusion across categories, repeated and re-ordered
 * requests) against both modes (issue 32). Every derivation whose true value is a small group
 * (1 … m−1) is scored against the truth; its candidates are the values the released numbers fit
 * under the p-table, pooled over every derivation of the same group:
 * - cell key: never certain (more than one candidate left for every group), exact at most in the
 *   share the p-table designs for it (plus sampling slack) — one derivation at a time and for the
 *   averaging attacker that rounds the mean of all derivations of a group —, no inconsistent answers;
 * - suppress: nothing derivable in the attacks it covers (nested pairs one selection step apart,
 *   time and category sums).
 * `npm run bench -- privacy` prints the same per attack kind with many more requests.
 */
const total = (summary: KindSummary[]) => summary.reduce((s, k) => ({ n: s.n + k.derivations, exact: s.exact + k.exact, certain: s.certain + k.certain, designed: s.designed + k.designed * k.derivations }), { n: 0, exact: 0, certain: 0, designed: 0 });

describe('attacker against cell-key mode (engine)', () => {
  it('the preimage of a released count is every true count the p-table can publish as it', () => {
    for (const m of [5, 10]) {
      const missing: string[] = [];
      for (let t = m; t < m + 12; t++) {
        for (let k = 0; k < 2048; k++) {
          const v = perturbCount(t, m, (k * 2_097_143 + 12_345) >>> 0);
          if (!preimageOf(v, m).includes(t)) missing.push(`${t}→${v}`);
        }
      }
      expect(missing).toEqual([]);
      // A published m can come from m … m+5, a published m+1 from m+1 … m+6 (a true m is published as m).
      expect(preimageOf(m, m)).toEqual([m, m + 1, m + 2, m + 3, m + 4, m + 5]);
      expect(preimageOf(m + 1, m)).toEqual([m + 1, m + 2, m + 3, m + 4, m + 5, m + 6]);
      expect(preimageOf(m + 20, m)).toHaveLength(11);
    }
  });

  const cases = [
    { dateFilter: false, granularity: 'month' as const },
    { dateFilter: true, granularity: 'month' as const },
  ];
  it.each(cases)('is never certain and not exact beyond the p-table (date filter $dateFilter)', async (rules) => {
    const data = sparseData(60 + (rules.dateFilter ? 1 : 0), 2500, 20_600, { overlap: true });
    const setup = setupFor(data, data.catalog, { ...rules, protection: 'cellkey' });
    const attacker = new Attacker(setup, engineTarget(data.cube, data.catalog, setup, data.columns), seeded(7), { extended: true, evaluate: cellKeyEvaluation(data.cube, data.catalog, 10, 'cellkey') });
    await attacker.run(200);
    expect(attacker.findings.filter((f) => f.kind === 'inconsistent')).toEqual([]);
    expect(attacker.repeats).toBeGreaterThan(20);
    const summary = summarise(attacker.evaluations, 10);
    const table = summaryTable('cellkey', summary);
    const all = total(summary);
    expect(all.n, table).toBeGreaterThan(30);
    // Every attack kind of the README's limits produced derivations of small groups.
    for (const k of ['nested', 'two-step', 'incl-excl', 'overlap']) expect(summary.map((r) => r.kind), table).toContain(k);
    expect(all.certain, table).toBe(0);
    expect(Math.min(...summary.map((k) => k.minCandidates)), table).toBeGreaterThan(1);
    // Exact no more often than designed: binomial slack of 3 standard deviations.
    const sd = Math.sqrt(all.designed * (1 - all.designed / all.n));
    expect(all.exact, table).toBeLessThanOrEqual(all.designed + 3 * sd + 2);
    // The averaging attacker (rounded mean of all derivations of a group) gets no more than the
    // p-table designs for the same derivations, however many a group has.
    const bands = averagingBands(attacker.evaluations, 10);
    const averages = averagingTable(bands);
    expect(bands.filter((a) => !withinDesign(a)), averages).toEqual([]);
    // Groups with two or more derivations (the bands after the first).
    expect(bands.slice(1).reduce((n, a) => n + a.targets, 0), averages).toBeGreaterThan(5);
  }, 180_000);

  it('the same extended attacker against suppress mode derives nothing in its covered kinds', async () => {
    const data = sparseData(62, 2500, 20_600, { overlap: true });
    const setup = setupFor(data, data.catalog, { dateFilter: true, granularity: 'month' });
    const attacker = new Attacker(setup, engineTarget(data.cube, data.catalog, setup, data.columns), seeded(8), { extended: true, evaluate: cellKeyEvaluation(data.cube, data.catalog, 10, 'suppress') });
    await attacker.run(200);
    const covered = attacker.findings.filter((f) => ['nested', 'time-sum', 'category-sum', 'inconsistent'].includes(f.kind));
    expect(covered, JSON.stringify(covered.slice(0, 3))).toEqual([]);
    expect(attacker.observations).toBeGreaterThan(40);
  }, 180_000);
});
