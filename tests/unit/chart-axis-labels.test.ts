import { describe, expect, it } from 'vitest';
import { byChars, categoryTicks } from '../../src/islands/charts/axis-labels';

const months = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];
const year = (y: number) => months.map((m) => `${m} ${y}`);

/** Pixel extent of each label (widest line) centred on its category, for overlap checks. */
function extents(labels: string[], width: number) {
  const t = categoryTicks(labels, true, width);
  const slot = width / labels.length;
  return t.ticks.map((i, k) => {
    const w = Math.max(...t.values[k]!.split('\n').map(byChars));
    const mid = (i + 0.5) * slot;
    return [mid - w / 2, mid + w / 2] as const;
  });
}

describe('category axis labels', () => {
  it('time axis: short month names, the year only on the first label and where it changes', () => {
    const t = categoryTicks(year(2026), true, 1200);
    expect(t.ticks).toHaveLength(12);
    expect(t.values[0]).toBe('jan\n2026');
    expect(t.values.slice(1)).toEqual(months.slice(1));
    expect(t.lines).toBe(2);
    const two = categoryTicks([...year(2025).slice(10), ...year(2026).slice(0, 2)], true, 1200);
    expect(two.values).toEqual(['nov\n2025', 'dec', 'jan\n2026', 'feb']);
  });

  it('time axis at 450 px and narrower: fewer ticks and no two labels overlap', () => {
    for (const width of [450, 300, 180]) {
      const labels = [...year(2025), ...year(2026)];
      const t = categoryTicks(labels, true, width);
      expect(t.ticks.length).toBeLessThan(labels.length);
      const e = extents(labels, width);
      for (let k = 1; k < e.length; k++) expect(e[k]![0]).toBeGreaterThan(e[k - 1]![1]);
    }
  });

  it('a skipped January still shows its year on the next labelled period', () => {
    const t = categoryTicks([...year(2025), ...year(2026)], true, 240);
    const step = t.ticks[1]! - t.ticks[0]!;
    expect(step).toBeGreaterThan(1);
    const firstOf2026 = t.ticks.findIndex((i) => i >= 12);
    expect(t.values[firstOf2026]).toMatch(/\n2026$/);
    expect(t.values.filter((v) => v.includes('2026'))).toHaveLength(1);
  });

  it('years and other one-word periods stay on one line', () => {
    expect(categoryTicks(['2024', '2025', '2026'], true, 600).values).toEqual(['2024', '2025', '2026']);
    expect(categoryTicks(['K1 2026', 'K2 2026'], true, 600).values).toEqual(['K1\n2026', 'K2']);
  });

  it('other categories keep every label, wrapped over two lines and cut only when needed', () => {
    const labels = ['Aan de balie', 'Telefonisch', 'Via de website', 'Per e-mail', 'Via sociale media'];
    const wide = categoryTicks(labels, false, 900);
    expect(wide.values).toEqual(labels);
    expect(wide.lines).toBe(1);
    const narrow = categoryTicks(labels, false, 330);
    expect(narrow.ticks).toEqual([0, 1, 2, 3, 4]);
    expect(narrow.values[0]).toBe('Aan de\nbalie');
    expect(narrow.lines).toBe(2);
    for (const v of narrow.values) for (const line of v.split('\n')) expect(byChars(line)).toBeLessThanOrEqual(330 / 5 - 8);
  });

  it('too many categories for any text: every n-th one is labelled', () => {
    const labels = Array.from({ length: 40 }, (_, i) => `Wijk ${i + 1}`);
    const t = categoryTicks(labels, false, 400);
    expect(t.ticks.length).toBeLessThan(40);
    expect(t.ticks[0]).toBe(0);
  });
});
