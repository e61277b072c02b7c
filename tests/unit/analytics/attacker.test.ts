import { describe, expect, it } from 'vitest';
import { Attacker, seeded } from '../../attack/attacker';
import { engineTarget } from '../../attack/engine-target';
import { setupFor, sparseData } from '../../attack/sparse-report';

/**
 * The automated attacker against the engine, on sparse generated data, under each date rule. It
 * must find nothing. (attacker-weakened.test.ts proves it finds leaks when a rule is switched off;
 * the API test runs it through the staff and public endpoints; `npm run bench -- privacy` runs many
 * more requests.)
 */
describe('automated differencing attacker against the engine', () => {
  // Day granularity needs more respondents a day before anything is released at all.
  const cases = [
    { dateFilter: false, granularity: 'month' as const, respondents: 2500 },
    { dateFilter: true, granularity: 'month' as const, respondents: 2500 },
    { dateFilter: true, granularity: 'week' as const, respondents: 2500 },
    { dateFilter: true, granularity: 'day' as const, respondents: 12_000 },
  ];
  it.each(cases)('finds no small group (date filter $dateFilter, $granularity)', async (rules) => {
    for (const seed of [1, 2]) {
      const data = sparseData(seed * 17 + (rules.dateFilter ? 1 : 0), rules.respondents, 20_600);
      const setup = setupFor(data, data.catalog, rules);
      const attacker = new Attacker(setup, engineTarget(data.cube, data.catalog, setup, data.columns), seeded(seed));
      const findings = await attacker.run(150);
      expect(findings, JSON.stringify(findings.slice(0, 3))).toEqual([]);
      // It saw released numbers to work with (so "nothing found" is not "nothing shown").
      expect(attacker.observations).toBeGreaterThan(40);
    }
  }, 120_000);
});
