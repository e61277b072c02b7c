import { describe, expect, it } from 'vitest';
import { Attacker, seeded } from '../../attack/attacker';
import { cellKeyEvaluation, summarise } from '../../attack/cellkey-eval';
import { engineTarget } from '../../attack/engine-target';
import { setupFor, sparseData } from '../../attack/sparse-report';

/**
 * The attacker with the README's open limits added (two selection steps, inclusion–exclusion,
 * repeated and re-ordered requests) against both modes (issue 32). Every derivation whose true
 * value is a small group (1 … m−1) is scored against the truth:
 * - cell key: never certain (the released numbers always fit several true values), exact at most
 *   in the share the p-table designs for it (plus sampling slack), no inconsistent answers;
 * - suppress: nothing derivable in the attacks it covers (nested pairs, time and category sums).
 * `npm run bench -- privacy` prints the same per attack kind with many more requests.
 */
describe('attacker against cell-key mode (engine)', () => {
  const cases = [
    { dateFilter: false, granularity: 'month' as const },
    { dateFilter: true, granularity: 'month' as const },
  ];
  it.each(cases)('is never certain and not exact beyond the p-table (date filter $dateFilter)', async (rules) => {
    const data = sparseData(60 + (rules.dateFilter ? 1 : 0), 2500, 20_600);
    const setup = setupFor(data, data.catalog, { ...rules, protection: 'cellkey' });
    const attacker = new Attacker(setup, engineTarget(data.cube, data.catalog, setup, data.columns), seeded(7), { extended: true, evaluate: cellKeyEvaluation(data.cube, data.catalog, 10, 'cellkey') });
    await attacker.run(150);
    expect(attacker.findings.filter((f) => f.kind === 'inconsistent')).toEqual([]);
    const summary = summarise(attacker.evaluations, 10);
    const all = summary.reduce((s, k) => ({ n: s.n + k.derivations, exact: s.exact + k.exact, certain: s.certain + k.certain, designed: s.designed + k.designed * k.derivations }), { n: 0, exact: 0, certain: 0, designed: 0 });
    expect(all.n, JSON.stringify(summary)).toBeGreaterThan(30);
    expect(all.certain).toBe(0);
    // Exact no more often than designed: binomial slack of 3 standard deviations.
    const sd = Math.sqrt(all.designed * (1 - all.designed / all.n));
    expect(all.exact, JSON.stringify(summary)).toBeLessThanOrEqual(all.designed + 3 * sd + 2);
  }, 120_000);

  it('the same extended attacker against suppress mode derives nothing in its covered kinds', async () => {
    const data = sparseData(62, 2500, 20_600);
    const setup = setupFor(data, data.catalog, { dateFilter: true, granularity: 'month' });
    const attacker = new Attacker(setup, engineTarget(data.cube, data.catalog, setup, data.columns), seeded(8), { extended: true, evaluate: cellKeyEvaluation(data.cube, data.catalog, 10, 'suppress') });
    await attacker.run(150);
    const covered = attacker.findings.filter((f) => f.kind !== 'incl-excl');
    expect(covered, JSON.stringify(covered.slice(0, 3))).toEqual([]);
    expect(attacker.observations).toBeGreaterThan(40);
  }, 120_000);
});
