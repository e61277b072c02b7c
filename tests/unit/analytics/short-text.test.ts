import { describe, expect, it } from 'vitest';
import { CubeBuilder, OTHER_CODE, type Stats, computeReportData, foldShortText } from '../../../src/server/analytics';

/** A released cell of a short-text location with these counts per dictionary value. */
function cell(counts: number[]): Stats {
  const answered = counts.reduce((a, b) => a + b, 0);
  return {
    groupSize: answered,
    answered,
    answers: answered,
    base: answered,
    nMethod: 'respondents',
    options: counts.map((count, i) => ({ code: `v${i}`, count, percentage: answered ? (count / answered) * 100 : null, marginOfError: null, empty: count === 0, low: false })),
    scored: 0,
    mean: null,
    topBox: null,
    bottomBox: null,
    nps: null,
    marginOfError: null,
  };
}
const dict = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
const counts = (s: Stats) => Object.fromEntries(s.options.map((o) => [o.code, o.count]));

describe('short-text grouping (values below min_n folded into "Overig")', () => {
  it('lists values with ≥ min_n (or 0) in every cell and folds the rest into __other__', () => {
    // min_n 10. v0: 30/12 listed; v1: 15/4 (4 is small in cell B) folded; v2: 20/0 listed (0 is safe);
    // v3: 2/3 folded; v4: 9/9 folded. Overig A = 15+2+9 = 26, B = 4+3+9 = 16.
    const a = cell([30, 15, 20, 2, 9]);
    const b = cell([12, 4, 0, 3, 9]);
    const codes = foldShortText(dict(5), [a, b], 10);
    expect(codes).toEqual(['v0', 'v2', OTHER_CODE]);
    expect(counts(a)).toEqual({ v0: 30, v2: 20, [OTHER_CODE]: 26 });
    expect(counts(b)).toEqual({ v0: 12, v2: 0, [OTHER_CODE]: 16 });
    expect(a.options[2]!.percentage).toBeCloseTo((26 / 76) * 100, 10);
    expect(b.options.map((o) => o.empty)).toEqual([false, true, false]);
  });

  it('never shows Overig between 1 and min_n − 1: the smallest listed value of that cell is folded in too', () => {
    // min_n 10: v3 (3) alone would leave Overig = 3. Smallest listed positive value is v2 (11) → Overig 14.
    const a = cell([50, 40, 11, 3]);
    expect(foldShortText(dict(4), [a], 10)).toEqual(['v0', 'v1', OTHER_CODE]);
    expect(counts(a)).toEqual({ v0: 50, v1: 40, [OTHER_CODE]: 14 });
    // The fold is shared: cell B (no remainder of its own) loses v2 as well.
    const x = cell([50, 40, 11, 3]);
    const y = cell([20, 20, 20, 0]);
    foldShortText(dict(4), [x, y], 10);
    expect(counts(y)).toEqual({ v0: 20, v1: 20, [OTHER_CODE]: 20 });
    // Cascade: v2 (2) leaves 2 → fold v1 (10) → 12.
    const z = cell([100, 10, 2]);
    expect(foldShortText(dict(3), [z], 10)).toEqual(['v0', OTHER_CODE]);
    expect(counts(z)).toEqual({ v0: 100, [OTHER_CODE]: 12 });
  });

  it('every released count is 0 or ≥ min_n on random cells', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(rnd() * 8);
      const minN = 1 + Math.floor(rnd() * 15);
      const cells = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => cell(Array.from({ length: n }, () => (rnd() < 0.3 ? 0 : Math.floor(rnd() * 40)))));
      const answered = cells.map((c) => c.answered);
      const codes = foldShortText(dict(n), cells, minN);
      cells.forEach((c, i) => {
        expect(c.options.map((o) => o.code)).toEqual(codes);
        expect(c.options.reduce((s, o) => s + o.count, 0)).toBe(answered[i]);
        for (const o of c.options) if (answered[i]! >= minN) expect(o.count === 0 || o.count >= minN).toBe(true);
      });
    }
  });

  it('sends no texts when every cell is suppressed, and folds in computeReportData', () => {
    const b = new CubeBuilder(1, 1, [
      { key: 'wijk', kind: 'single', options: [{ code: 'N' }, { code: 'Z' }] },
      { key: 'open', kind: 'text' },
    ]);
    // 40 respondents: Noord 25, Zuid 15. "parkeren": 12 Noord + 10 Zuid; "Jan van Dijk woont hier": 1 (Zuid); "groen": 12 Noord, 4 Zuid.
    const rows: [string, string][] = [
      ...Array.from({ length: 12 }, () => ['N', 'parkeren'] as [string, string]),
      ...Array.from({ length: 12 }, () => ['N', 'groen'] as [string, string]),
      ['N', 'veiligheid'],
      ...Array.from({ length: 10 }, () => ['Z', 'parkeren'] as [string, string]),
      ...Array.from({ length: 4 }, () => ['Z', 'groen'] as [string, string]),
      ['Z', 'Jan van Dijk woont hier'],
    ];
    rows.forEach(([w, t], i) => b.setDay(i, 20_000).setValue(i, 'wijk', w).setValue(i, 'open', t));
    const { cube } = b.build();
    const filters = [{ id: 1, options: [{ id: 11, categoryId: 1, conditions: [{ columnKey: 'wijk', comparator: 'equal' as const, value: 'Z' }] }] }];
    const out = computeReportData(cube, {
      dataLocations: [{ id: 1, columnKey: 'open' }],
      benchmarks: [{ label: 'Alle', filterOptionIds: [] }, { label: 'Zuid', filterOptionIds: [11] }],
      filters,
      report: { minN: 10 },
    });
    const loc = out.dataLocations[0]!;
    // groen: 16 in Alle but 4 in Zuid → folded; Overig Zuid = 4 + 1 = 5 < 10 → parkeren (10) folded too.
    expect(loc.codes).toEqual([OTHER_CODE]);
    expect(JSON.stringify(loc)).not.toMatch(/Jan van Dijk|veiligheid|groen/);
    const [all, zuid] = loc.benchmarks;
    expect(all!.suppressed || zuid!.suppressed ? 'suppressed' : [counts(all!.stats), counts(zuid!.stats)]).toEqual([{ [OTHER_CODE]: 40 }, { [OTHER_CODE]: 15 }]);

    const tiny = computeReportData(cube, { dataLocations: [{ id: 1, columnKey: 'open' }], benchmarks: [{ label: 'A', filterOptionIds: [] }], filters, report: { minN: 100 } });
    expect(tiny.dataLocations[0]!.benchmarks[0]!.suppressed).toBe(true);
    expect(tiny.dataLocations[0]!.codes).toEqual([]);
  });
});
