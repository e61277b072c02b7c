import { describe, expect, it } from 'vitest';
import { type ColumnDef, type Cube, CubeBuilder, type FilterCategory, type ReportData, computeReportData } from '../../../src/server/analytics';

const DAY = 20_000;

/** people: [district, answer or null, day offset]. */
function cubeOf(people: [string, string | null, number][]): Cube {
  const defs: ColumnDef[] = [
    { key: 'district', source: 'attribute', kind: 'single', options: ['N', 'Z', 'O', 'W', 'X'].map((code) => ({ code })) },
    { key: 'q', kind: 'single', options: [{ code: 'ja' }, { code: 'nee' }] },
  ];
  const b = new CubeBuilder(1, 1, defs);
  people.forEach(([d, a, off], i) => b.setDay(i, DAY + off).setValue(i, 'district', d).setValue(i, 'q', a));
  return b.build().cube;
}

const districts: FilterCategory[] = [
  { id: 1, options: ['N', 'Z', 'O', 'W', 'X'].map((code, i) => ({ id: i + 1, categoryId: 1, conditions: [{ columnKey: 'district', comparator: 'equal' as const, value: code }] })) },
];

function crowd(n: number, district: string, answer: string | null = 'ja', off = 0): [string, string | null, number][] {
  return Array.from({ length: n }, (_, i) => [district, i % 3 === 0 ? 'nee' : answer, off]);
}

function run(cube: Cube, benchmarks: { label: string; filterOptionIds: number[]; start?: number; end?: number }[], minN = 10, granularity?: 'week', dates: { dateFilter?: boolean } = {}) {
  return computeReportData(cube, {
    dataLocations: [{ id: 1, columnKey: 'q' }],
    benchmarks,
    filters: districts,
    report: { startDay: DAY, endDay: DAY + 60, minN, ...dates },
    granularity: granularity ?? null,
  });
}

const cell = (d: ReportData, b: number) => d.dataLocations[0]!.benchmarks[b]!;

describe('min_n suppression', () => {
  it('suppresses a group just below min_n and releases it at min_n', () => {
    const below = run(cubeOf([...crowd(9, 'N'), ...crowd(30, 'Z')]), [{ label: 'A', filterOptionIds: [1] }]);
    expect(cell(below, 0)).toEqual({ label: 'A', suppressed: true, reason: 'group_below_min_n' });
    const at = run(cubeOf([...crowd(10, 'N'), ...crowd(30, 'Z')]), [{ label: 'A', filterOptionIds: [1] }]);
    const c = cell(at, 0);
    expect(c.suppressed).toBe(false);
    if (!c.suppressed) expect(c.stats.groupSize).toBe(10);
  });

  it('suppresses when fewer than min_n in the group answered the question', () => {
    const people = [...crowd(9, 'N'), ...crowd(11, 'N', null).map((p) => [p[0], null, 0] as [string, null, number]), ...crowd(30, 'Z')];
    expect(cell(run(cubeOf(people), [{ label: 'A', filterOptionIds: [1] }]), 0)).toMatchObject({ suppressed: true, reason: 'answered_below_min_n' });
  });

  it('flags options with n = 0 and low n in a released group', () => {
    const c = cell(run(cubeOf([...crowd(12, 'N', 'ja'), ...crowd(30, 'Z')]), [{ label: 'A', filterOptionIds: [1] }]), 0);
    if (c.suppressed) throw new Error('suppressed');
    expect(c.stats.options.map((o) => [o.code, o.count, o.empty, o.low])).toEqual([
      ['ja', 8, false, true],
      ['nee', 4, false, true],
    ]);
    const big = cell(run(cubeOf([...crowd(40, 'N', 'ja'), ...crowd(30, 'Z')]), [{ label: 'A', filterOptionIds: [1] }]), 0);
    if (big.suppressed) throw new Error('suppressed');
    expect(big.stats.options.map((o) => [o.empty, o.low])).toEqual([[false, false], [false, false]]);
  });
});

describe('differencing', () => {
  // Everyone is in N, Z, O or W except one person in X: "all districts but X" is the total minus one.
  const people = [...crowd(30, 'N'), ...crowd(30, 'Z'), ...crowd(30, 'O'), ...crowd(30, 'W'), ['X', 'ja', 0] as [string, string, number]];
  const cube = cubeOf(people);
  const allButX = { label: 'B', filterOptionIds: [1, 2, 3, 4] };
  const withX = { label: 'C', filterOptionIds: [1, 2, 3, 4, 5] };

  it('A vs A∖{one person} in one request: one of the two is suppressed', () => {
    const d = run(cube, [{ label: 'A', filterOptionIds: [] }, allButX]);
    expect(cell(d, 0).suppressed).toBe(false);
    expect(cell(d, 1)).toMatchObject({ suppressed: true, reason: 'differencing' });
  });

  it('A∖{one person} alone is suppressed too, since the unfiltered total is always obtainable', () => {
    expect(cell(run(cube, [allButX]), 0)).toMatchObject({ suppressed: true, reason: 'differencing' });
  });

  it('a selection one option away from a released one differing by one person is suppressed', () => {
    const viaSibling = run(cube, [withX]);
    expect(cell(viaSibling, 0)).toMatchObject({ suppressed: true, reason: 'differencing' });
  });

  it('no sequence of these requests releases two nested groups one person apart', () => {
    const released: { size: number; ja: number }[] = [];
    for (const set of [[{ label: 'A', filterOptionIds: [] }], [allButX], [withX], [{ label: 'A', filterOptionIds: [] }, allButX, withX]]) {
      for (const c of run(cube, set).dataLocations[0]!.benchmarks) {
        if (!c.suppressed) released.push({ size: c.stats.groupSize, ja: c.stats.options[0]!.count });
      }
    }
    const sizes = new Set(released.map((r) => r.size));
    expect(sizes).toEqual(new Set([121]));
  });

  it('a total split into disjoint benchmarks never leaves a residue below min_n (the part next to the one person goes)', () => {
    const d = run(cube, [{ label: 'A', filterOptionIds: [] }, { label: 'B', filterOptionIds: [1, 2] }, { label: 'C', filterOptionIds: [3, 4] }]);
    expect(cell(d, 0).suppressed).toBe(false);
    const parts = d.dataLocations[0]!.benchmarks.slice(1).reduce((n, c) => n + (c.suppressed ? 0 : c.stats.groupSize), 0);
    const residue = 121 - parts;
    expect(residue === 0 || residue >= 10).toBe(true);
    // Both parts have a neighbour one person away (X added), so neither is released on its own either.
    expect(cell(d, 1).suppressed && cell(d, 2).suppressed).toBe(true);
  });

  it('time buckets: a small bucket is suppressed and so are its neighbours, so the total minus the released buckets is ≥ min_n', () => {
    const weekly = cubeOf([...crowd(40, 'N', 'ja', 0), ...crowd(3, 'N', 'ja', 7), ...crowd(25, 'N', 'ja', 14), ...crowd(30, 'N', 'ja', 21)]);
    const d = run(weekly, [{ label: 'A', filterOptionIds: [], start: DAY, end: DAY + 27 }], 10, 'week');
    const c = cell(d, 0);
    if (c.suppressed) throw new Error('whole suppressed');
    const releasedSum = c.buckets!.reduce((s, t) => s + (t.suppressed ? 0 : t.stats.groupSize), 0);
    const residue = c.stats.groupSize - releasedSum;
    expect(residue === 0 || residue >= 10).toBe(true);
    expect(c.buckets!.filter((t) => !t.suppressed).length).toBeGreaterThan(0);
  });

  it('a benchmark and its only non-empty bucket minus a few people: the bucket is suppressed', () => {
    const weekly = cubeOf([...crowd(40, 'N', 'ja', 0), ...crowd(2, 'N', 'ja', 7)]);
    // Date filter off: the report period is the only range, so the whole stays; its buckets go.
    const c = cell(run(weekly, [{ label: 'A', filterOptionIds: [] }], 10, 'week', { dateFilter: false }), 0);
    if (c.suppressed) throw new Error('whole suppressed');
    expect(c.buckets!.every((t) => t.suppressed)).toBe(true);
    // With free dates the range without the last week is obtainable: then the whole goes.
    expect(cell(run(weekly, [{ label: 'A', filterOptionIds: [], start: DAY, end: DAY + 13 }], 10, 'week'), 0).suppressed).toBe(true);
  });

  it('min_n 0 or 1 suppresses nothing', () => {
    const d = run(cube, [{ label: 'A', filterOptionIds: [5] }, allButX], 1);
    expect(d.dataLocations[0]!.benchmarks.every((c) => !c.suppressed)).toBe(true);
  });
});

describe("a month of 'Alle respondenten' against its total: the report's own universe", () => {
  const day = (m: number, d: number) => Date.UTC(2025, m, d) / 86_400_000;
  /** 30 completed responses in each of Jan–Mar 2025; in February also 3 unfinished responses that answered q. */
  function monthsCube(): Cube {
    const defs: ColumnDef[] = [{ key: 'q', kind: 'single', options: [{ code: 'ja' }, { code: 'nee' }] }];
    const b = new CubeBuilder(1, 1, defs);
    let id = 0;
    for (const m of [0, 1, 2]) for (let i = 0; i < 30; i++) b.setDay(id, day(m, 1 + (i % 28))).setValue(id++, 'q', i % 3 ? 'ja' : 'nee');
    for (let i = 0; i < 3; i++) b.setDay(id, day(1, 10 + i), false).setValue(id++, 'q', 'nee');
    return b.build().cube;
  }
  const monthly = (includeIncomplete: boolean) =>
    computeReportData(monthsCube(), {
      dataLocations: [{ id: 1, columnKey: 'q' }],
      benchmarks: [{ label: 'Alle respondenten', filterOptionIds: [] }],
      filters: [],
      report: { startDay: day(0, 1), endDay: day(2, 31), minN: 10, dateFilter: false, dateGranularity: 'month', includeIncomplete },
      granularity: 'month',
    }).dataLocations[0]!.benchmarks[0]!.buckets!;

  it('releases every month: unfinished responses outside the universe are no part of any group of the report', () => {
    // Before: the data-location pass counted "the total of February" over everyone who answered q,
    // the 3 unfinished responses included, and withheld February as a difference of 3.
    const buckets = monthly(false);
    expect(buckets.map((t) => (t.suppressed ? t.reason : t.stats.base))).toEqual([30, 30, 30]);
  });
  it('a report that counts unfinished responses has them in February, released as well', () => {
    expect(monthly(true).map((t) => (t.suppressed ? t.reason : t.stats.base))).toEqual([30, 33, 30]);
  });
});
