import { describe, expect, it } from 'vitest';
import { CubeBuilder, TOTAL_KEY, computeRChart, dayFromIso, rchartKind } from '../../../src/server/analytics';

/**
 * 40 respondents, min_n 10. wijk N (20): tevreden 10×"3" in January, 10×"1" in February; cijfer 10×8, 10×6.
 * wijk Z (20): tevreden 10×"2" in January, 5×"2" + 5×"3" in February; cijfer 20×7. Wijk O: nobody
 * (plus `small` extra respondents in O when asked, in February, tevreden "1", cijfer 1).
 */
function cube(small = 0) {
  const b = new CubeBuilder(1, 1, [
    { key: 'wijk', kind: 'single', options: [{ code: 'N' }, { code: 'Z' }, { code: 'O' }] },
    { key: 'tevreden', kind: 'single', options: [{ code: '1', score: 1 }, { code: '2', score: 2 }, { code: '3', score: 3 }] },
    { key: 'cijfer', kind: 'numeric' },
    { key: 'open', kind: 'text' },
  ]);
  const jan = dayFromIso('2026-01-15');
  const feb = dayFromIso('2026-02-15');
  let id = 0;
  const add = (wijk: string, tevreden: string, cijfer: number, day: number) => b.setDay(++id, day).setValue(id, 'wijk', wijk).setValue(id, 'tevreden', tevreden).setValue(id, 'cijfer', cijfer).setValue(id, 'open', 'x');
  for (let i = 0; i < 10; i++) add('N', '3', 8, jan);
  for (let i = 0; i < 10; i++) add('N', '1', 6, feb);
  for (let i = 0; i < 10; i++) add('Z', '2', 7, jan);
  for (let i = 0; i < 5; i++) add('Z', '2', 7, feb);
  for (let i = 0; i < 5; i++) add('Z', '3', 7, feb);
  for (let i = 0; i < small; i++) add('O', '1', 1, feb);
  return b.build().cube;
}
const base = { benchmarks: [{ label: 'Alle', filterOptionIds: [] }], filters: [], report: { minN: 10 } };

describe('R chart analyses (hand-computed)', () => {
  it('knows the form kinds of columns', () => {
    const c = cube();
    expect(['wijk', 'tevreden', 'cijfer', 'open'].map((k) => rchartKind(c.byKey.get(k)!))).toEqual(['single', 'scored', 'numeric', 'text']);
  });

  it('crosstab: percentage per answer within Totaal and each group; an empty group is suppressed', () => {
    const r = computeRChart(cube(), { ...base, spec: { analysis: 'crosstab', question: 'tevreden', by: 'wijk' } });
    expect(r.columns.map((c) => c.key)).toEqual(['1', '2', '3']);
    const t = r.tables[0]!;
    expect(t.suppressed).toBe(false);
    expect(t.rows.map((x) => [x.key, x.n, x.suppressed, x.values])).toEqual([
      [TOTAL_KEY, 40, false, [25, 37.5, 37.5]],
      ['N', 20, false, [50, 0, 50]],
      ['Z', 20, false, [0, 75, 25]],
      ['O', null, true, [null, null, null]],
    ]);
  });

  it('mean by group with the margin of error z·sd/√n', () => {
    const r = computeRChart(cube(), { ...base, spec: { analysis: 'mean-by-group', question: 'cijfer', by: 'wijk' } });
    const [total, n, z] = r.tables[0]!.rows;
    const moe = (sd: number, count: number) => (1.959963984540054 * sd) / Math.sqrt(count);
    expect(total!.n).toBe(40);
    expect(total!.values[0]).toBeCloseTo(7, 12);
    expect(total!.values[1]).toBeCloseTo(moe(Math.sqrt(20 / 39), 40), 12);
    expect(n!.values[0]).toBeCloseTo(7, 12);
    expect(n!.values[1]).toBeCloseTo(moe(Math.sqrt(20 / 19), 20), 12);
    expect(z!.values).toEqual([7, 0]);
    // Scores of a single-choice question: N = (10·3 + 10·1)/20 = 2, Z = (15·2 + 5·3)/20 = 2.25.
    const s = computeRChart(cube(), { ...base, spec: { analysis: 'mean-by-group', question: 'tevreden', by: 'wijk' } });
    expect(s.tables[0]!.rows.slice(1, 3).map((x) => x.values[0])).toEqual([2, 2.25]);
  });

  it('trend: percentage of one answer and mean per month', () => {
    const p = computeRChart(cube(), { ...base, spec: { analysis: 'trend', question: 'tevreden', measure: 'percentage', option: '3', granularity: 'month' } });
    expect(p.tables[0]!.rows.map((x) => [x.key, x.n, x.values])).toEqual([
      ['2026-01-01', 20, [50]],
      ['2026-02-01', 20, [25]],
    ]);
    const m = computeRChart(cube(), { ...base, spec: { analysis: 'trend', question: 'cijfer', measure: 'mean', granularity: 'month' } });
    // January: 10×8 + 10×7 → 7.5; February: 10×6 + 10×7 → 6.5.
    expect(m.tables[0]!.rows.map((x) => x.values[0])).toEqual([7.5, 6.5]);
    expect(() => computeRChart(cube(), { ...base, spec: { analysis: 'trend', question: 'tevreden', measure: 'percentage', option: '9', granularity: 'month' } })).toThrow(/unknown option/);
  });

  it('top and bottom answers, ties in answer order', () => {
    const top = computeRChart(cube(), { ...base, spec: { analysis: 'top-bottom', question: 'tevreden', direction: 'top', limit: 2 } });
    expect(top.tables[0]!.rows.map((x) => [x.key, x.values])).toEqual([
      ['2', [37.5, 15]],
      ['3', [37.5, 15]],
    ]);
    const bottom = computeRChart(cube(), { ...base, spec: { analysis: 'top-bottom', question: 'tevreden', direction: 'bottom', limit: 1 } });
    expect(bottom.tables[0]!.rows.map((x) => [x.key, x.values])).toEqual([['1', [25, 10]]]);
  });

  it('a small group never becomes derivable: Totaal minus the released groups is 0 or ≥ min_n', () => {
    const r = computeRChart(cube(3), { ...base, spec: { analysis: 'crosstab', question: 'tevreden', by: 'wijk' } });
    const rows = r.tables[0]!.rows;
    expect(rows.find((x) => x.key === 'O')!.suppressed).toBe(true);
    const total = rows[0]!;
    const released = rows.slice(1).filter((x) => !x.suppressed);
    if (!total.suppressed) {
      const rest = total.n! - released.reduce((s, x) => s + x.n!, 0);
      expect(rest === 0 || rest >= 10).toBe(true);
    }
    // A benchmark below min_n is suppressed as a whole.
    const tiny = computeRChart(cube(), { ...base, report: { minN: 100 }, spec: { analysis: 'top-bottom', question: 'tevreden', direction: 'top', limit: 3 } });
    expect(tiny.tables[0]).toMatchObject({ suppressed: true, rows: [] });
  });
});
