import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Neighbours from '../../../src/server/analytics/neighbours';
import { Attacker, seeded } from '../../attack/attacker';
import { engineTarget } from '../../attack/engine-target';
import { setupFor, sparseData } from '../../attack/sparse-report';

// The attacker must be able to fail: with one rule of the engine switched off it finds small groups.
const weak = vi.hoisted(() => ({ timeSteps: false, selectionSteps: false }));
vi.mock('../../../src/server/analytics/neighbours', async (load) => {
  const real = await load<typeof Neighbours>();
  return {
    ...real,
    rangeLeak: (...args: Parameters<typeof real.rangeLeak>) => (weak.timeSteps ? false : real.rangeLeak(...args)),
    selectionLeak: (...args: Parameters<typeof real.selectionLeak>) => (weak.selectionSteps ? false : real.selectionLeak(...args)),
  };
});

async function attack(rules: { dateFilter: boolean; granularity: 'month' | 'week' }, budget: number) {
  const data = sparseData(5, 2500, 20_600);
  const setup = setupFor(data, data.catalog, rules);
  return new Attacker(setup, engineTarget(data.cube, data.catalog, setup, data.columns), seeded(7)).run(budget);
}

describe('the attacker detects a deliberately weakened engine', () => {
  afterEach(() => {
    weak.timeSteps = false;
    weak.selectionSteps = false;
  });

  it('without the time steps of the neighbour rule it derives small groups from ranges one period apart', async () => {
    weak.timeSteps = true;
    const findings = await attack({ dateFilter: true, granularity: 'week' }, 400);
    expect(findings.filter((f) => f.kind === 'nested' || f.kind === 'time-sum').length).toBeGreaterThan(0);
    expect(findings.every((f) => f.derived > 0 && f.derived < 10)).toBe(true);
  }, 120_000);

  it('without the selection steps it derives small groups from filter chains, buckets and the menu', async () => {
    weak.selectionSteps = true;
    const findings = await attack({ dateFilter: false, granularity: 'month' }, 150);
    expect(findings.filter((f) => f.kind === 'nested' || f.kind === 'category-sum').length).toBeGreaterThan(0);
  }, 120_000);

  it('with every rule on it finds nothing on the same data and requests', async () => {
    expect(await attack({ dateFilter: true, granularity: 'week' }, 150)).toEqual([]);
    expect(await attack({ dateFilter: false, granularity: 'month' }, 150)).toEqual([]);
  }, 120_000);
});
