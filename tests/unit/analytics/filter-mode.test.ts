import { describe, expect, it } from 'vitest';
import { CubeBuilder, computeFilterStates } from '../../../src/server/analytics';

/** 30 respondents: leeftijd J/O alternating, wijk N for the first 20 and Z for the rest. */
function setup() {
  const b = new CubeBuilder(1, 1, [
    { key: 'leeftijd', kind: 'single', options: [{ code: 'J' }, { code: 'O' }] },
    { key: 'wijk', kind: 'single', options: [{ code: 'N' }, { code: 'Z' }] },
  ]);
  for (let i = 0; i < 30; i++) b.setDay(i, 20_000).setValue(i, 'leeftijd', i % 2 ? 'O' : 'J').setValue(i, 'wijk', i < 20 ? 'N' : 'Z');
  const eq = (columnKey: string, value: string) => [{ columnKey, comparator: 'equal' as const, value }];
  const catalog = [
    { id: 1, options: [{ id: 11, categoryId: 1, conditions: eq('leeftijd', 'J') }, { id: 12, categoryId: 1, conditions: eq('leeftijd', 'O') }] },
    { id: 2, options: [{ id: 21, categoryId: 2, conditions: eq('wijk', 'N') }, { id: 22, categoryId: 2, conditions: eq('wijk', 'Z') }] },
  ];
  return { cube: b.build().cube, catalog };
}
const byId = (states: ReturnType<typeof computeFilterStates>) => new Map(states.map((s) => [s.optionId, s]));

describe('filter availability: counts and multiple_filters modes', () => {
  it('combined counts AND across categories; below min_n null and risky; no withheld count follows from released ones', () => {
    const { cube, catalog } = setup();
    const s = byId(computeFilterStates(cube, catalog, { label: '', filterOptionIds: [11] }, {}, { minN: 6, hideRiskyFilters: true }));
    // J = 15; with J selected: N∧J = 10, Z∧J = 5 (< 6: null, risky, unavailable). Releasing J (15)
    // and N∧J (10) would give Z∧J = 15 − 10: both are withheld, though each is ≥ 6 (the sum rule).
    // Z alone (10) is withheld too: Z minus Z∧J (one category added) is Z∧O = 5.
    expect([s.get(11)!.soloCount, s.get(21)!.combinedCount, s.get(22)!.combinedCount, s.get(22)!.soloCount]).toEqual([null, null, null, null]);
    expect([s.get(22)!.risky, s.get(22)!.disabled, s.get(21)!.disabled, s.get(21)!.withheld, s.get(21)!.risky]).toEqual([true, true, false, true, false]);
    // Nothing chosen: only N (20) has no group one step away within 1 … 5 (N∧J = N∧O = 10, Z = 10).
    const free = byId(computeFilterStates(cube, catalog, { label: '', filterOptionIds: [] }, {}, { minN: 6 }));
    expect([11, 12, 21, 22].map((id) => free.get(id)!.combinedCount)).toEqual([null, null, 20, null]);
    // With min_n 5 the 5-person cells are groups of their own: every count is shown.
    const five = byId(computeFilterStates(cube, catalog, { label: '', filterOptionIds: [] }, {}, { minN: 5 }));
    expect([11, 12, 21, 22].map((id) => five.get(id)!.combinedCount)).toEqual([15, 15, 20, 10]);
  });

  it('mode 3 is judged on the whole report selection when given (several surveys)', () => {
    const { cube, catalog } = setup();
    const none = byId(computeFilterStates(cube, catalog, { label: '', filterOptionIds: [] }, {}, { minN: 1, multipleFilters: 3 }));
    expect([...none.values()].every((x) => x.allowedByMode)).toBe(true);
    // Another survey's category 99 has a selection: in mode 3 nothing here may be added.
    const elsewhere = byId(computeFilterStates(cube, catalog, { label: '', filterOptionIds: [] }, {}, { minN: 1, multipleFilters: 3, modeSelection: new Map([[99, [990]]]) }));
    expect([...elsewhere.values()].map((x) => x.disabled)).toEqual([true, true, true, true]);
    // Mode 2 with the same outside selection: one option per category still allowed here.
    const two = byId(computeFilterStates(cube, catalog, { label: '', filterOptionIds: [11] }, {}, { minN: 1, multipleFilters: 2, modeSelection: new Map([[1, [11]], [99, [990]]]) }));
    expect([two.get(11)!.disabled, two.get(12)!.disabled, two.get(21)!.disabled, two.get(22)!.disabled]).toEqual([false, true, false, false]);
  });
});
