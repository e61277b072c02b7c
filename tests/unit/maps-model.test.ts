import { describe, expect, it } from 'vitest';
import { luminance } from '../../src/shared/chart/colors';
import { mapClasses, sequentialColors } from '../../src/shared/chart/map';
import { autoMapping } from '../../src/shared/map-mapping';

describe('answer → area auto-fill', () => {
  const areas = [
    { code: 'WK034401', name: 'Centrum' },
    { code: 'WK034402', name: "'s-Gravenzande Noord" },
    { code: 'W6', name: 'Haven' },
  ];
  it('matches codes (case and spaces ignored) and names (accents and punctuation ignored); leaves the rest', () => {
    const answers = [
      { code: 'wk034401', label: 'De binnenstad' },
      { code: 'A2', label: 's Gravenzande noord' },
      { code: 'W6', label: 'Haven' },
      { code: 'A9', label: 'Buitengebied' },
    ];
    expect(autoMapping(answers, areas)).toEqual({ wk034401: 'WK034401', A2: 'WK034402', W6: 'W6' });
  });
  it('keeps what was chosen by hand when that area is still on the map', () => {
    expect(autoMapping([{ code: 'A9', label: 'Buitengebied' }], areas, { A9: 'W6' })).toEqual({ A9: 'W6' });
    expect(autoMapping([{ code: 'A9', label: 'Buitengebied' }], areas, { A9: 'gone' })).toEqual({});
  });
});

describe('legend classes', () => {
  it('equal intervals between the lowest and highest released value', () => {
    expect(mapClasses([6, 7, 8, 10], 'equal', 4)).toEqual([[6, 7], [7, 8], [8, 9], [9, 10]]);
  });
  it('quantiles of the released values; one class when all are equal; none without values', () => {
    expect(mapClasses([1, 2, 3, 4, 5, 6, 7, 8], 'quantile', 4)).toEqual([[1, 3], [3, 5], [5, 7], [7, 8]]);
    expect(mapClasses([7, 7], 'quantile', 4)).toEqual([[7, 7]]);
    expect(mapClasses([], 'equal', 5)).toEqual([]);
  });
  it('a sequential ramp from the scheme: light to dark', () => {
    const ramp = sequentialColors(1, 4, false);
    expect(ramp).toHaveLength(4);
    expect(new Set(ramp).size).toBe(4);
    // A palette (ImpulZ, the default) is tinted, not cycled through: each class darker than the one before.
    for (let i = 1; i < ramp.length; i++) expect(luminance(ramp[i]!)).toBeLessThan(luminance(ramp[i - 1]!));
    expect(ramp[3]).toBe('#1f4e79');
    expect(sequentialColors(1, 4, true)).toEqual([...ramp].reverse());
  });
});
